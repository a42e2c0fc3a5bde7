/**
 * The Network Information API's part we read (Chromium-based browsers; Safari and Firefox have none,
 * and then nothing is known to hold prefetching back).
 */
type NetworkInformation = { saveData?: boolean; effectiveType?: string };

/**
 * spec 9: page-load prefetch is skipped on 2g or data-saver connections. What is fetched only in case
 * the user wants it later (a popup's chunk at the first move, a menu's on hover) is left for when it is
 * wanted: on such a connection every byte the page did not ask for costs the user time and money.
 * `slow-2g` and `2g` are the effective types of a 2G link; `3g` and `4g` prefetch.
 */
export function prefetchAllowed(
  connection: NetworkInformation | undefined = (navigator as Navigator & { connection?: NetworkInformation })
    .connection,
): boolean {
  if (!connection) return true;
  if (connection.saveData) return false;
  return !(connection.effectiveType ?? '').includes('2g');
}
