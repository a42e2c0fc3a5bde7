/** For niceties (badges, menu options): any failure, a 404 of an endpoint still to come included, gives null. */
export async function quietly<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch {
    return null;
  }
}
