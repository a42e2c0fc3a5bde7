/**
 * One byte range of an HTTP `Range` header (RFC 9110 §14.1.2) within a representation of `size` bytes:
 * `bytes=0-99`, `bytes=100-` (to the end) or `bytes=-500` (the last 500). Null when the header is not
 * one such range (the whole representation is sent instead, as the RFC allows); `unsatisfiable` when
 * it starts past the end. Several ranges are answered with the whole file, which browsers accept.
 */
export function byteRange(
  header: string,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, from, to] = match;
  if (from === '' && to === '') return null;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  if (start >= size) return 'unsatisfiable';
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (end < start) return null;
  return { start, end };
}
