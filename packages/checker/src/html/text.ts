// Matches only runs that need rewriting (a lone space is left alone), which is most of them
// in running text: several times faster than replacing every /\s+/.
const WHITESPACE_TO_COLLAPSE = / \s+|[^\S ]\s*/g;

/** Turns every run of whitespace (including newlines and no-break spaces) into one space. */
export function collapseWhitespace(text: string): string {
  return text.replace(WHITESPACE_TO_COLLAPSE, ' ');
}

/** The first `max` characters, never cutting a surrogate pair in half. */
export function firstChars(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = isHighSurrogate(text.charCodeAt(max - 1)) ? max - 1 : max;
  return text.slice(0, end);
}

/** The last `max` characters, never cutting a surrogate pair in half. */
export function lastChars(text: string, max: number): string {
  if (text.length <= max) return text;
  const start = text.length - max;
  return text.slice(isLowSurrogate(text.charCodeAt(start)) ? start + 1 : start);
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
