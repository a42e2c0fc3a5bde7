/** A named group of items, or the uncategorised ones (`name` null). */
export type CategoryGroup<T> = { name: string | null; items: T[] };

/**
 * Projects grouped by category (spec point 2), as the sidebar and the dashboard list them: categories
 * by name, the uncategorised last; inside a group the items keep their order (favourites first).
 * No group at all when nothing is categorised: the list then reads as before categories existed.
 */
export function groupByCategory<T>(
  items: readonly T[],
  categoryOf: (item: T) => string | null | undefined,
): CategoryGroup<T>[] {
  const groups = new Map<string | null, T[]>();
  for (const item of items) {
    const name = categoryOf(item) ?? null;
    groups.set(name, [...(groups.get(name) ?? []), item]);
  }
  return [...groups.entries()]
    .map(([name, list]) => ({ name, items: list }))
    .sort((a, b) => {
      if (a.name === null) return 1;
      if (b.name === null) return -1;
      return a.name.localeCompare(b.name);
    });
}
