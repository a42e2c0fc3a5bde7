// The parsing half of robots.txt as Google reads it: RFC 9309 plus the extensions of Google's
// open-source parser (github.com/google/robotstxt, robots.cc, Apache-2.0), re-implemented here;
// robots-txt-google.test.ts holds its test cases. Works on bytes, as the reference does: each
// byte is one char of a latin1 string, so a stray byte (a partial BOM, a Latin-1 letter) is
// kept and escaped exactly as Google escapes it instead of becoming U+FFFD.

export type RobotsKey = 'user-agent' | 'allow' | 'disallow' | 'sitemap' | 'unknown';

export interface RobotsLine {
  /** 1-based line number; \n, \r and \r\n all end a line. */
  line: number;
  key: RobotsKey;
  /** The key as written, for unknown lines. */
  name: string;
  /** Allow and disallow values are percent-escaped (see escapePattern); others are as written. */
  value: string;
}

const UTF8_BOM = [0xef, 0xbb, 0xbf];
// Google keeps the first 8 × 2083 - 1 bytes of a line (8 times the longest URL browsers take).
const MAX_LINE_BYTES = 2083 * 8 - 1;

/** Splits a robots.txt body into its directive lines; blank and comment lines are left out. */
export function parseRobotsTxt(body: Uint8Array | string): RobotsLine[] {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  // A UTF-8 BOM, whole or only its first bytes, is skipped at the start of the file only.
  let start = 0;
  while (start < UTF8_BOM.length && start < bytes.length && bytes[start] === UTF8_BOM[start]) start++;
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1', start);
  const lines: RobotsLine[] = [];
  let number = 0;
  for (const raw of text.split(/\r\n|\r|\n/)) {
    number++;
    const directive = directiveOf(raw.length > MAX_LINE_BYTES ? raw.slice(0, MAX_LINE_BYTES) : raw);
    if (!directive) continue;
    const key = keyOf(directive.name);
    const value = key === 'allow' || key === 'disallow' ? escapePattern(directive.value) : directive.value;
    lines.push({ line: number, key, name: directive.name, value });
  }
  return lines;
}

/**
 * `<key>[ \t]*:[ \t]*<value>`, a comment cut at '#'. Google also takes "disallow /" (the colon
 * forgotten) when the line is exactly two words.
 */
function directiveOf(raw: string): { name: string; value: string } | null {
  // The reference reads each line as a C string: a NUL byte ends it, and so does a comment.
  const end = raw.search(/[#\0]/);
  const line = strip(end === -1 ? raw : raw.slice(0, end));
  if (line === '') return null;
  let separator = line.indexOf(':');
  if (separator === -1) {
    separator = line.search(/[ \t]/);
    if (separator === -1) return null;
    if (/[ \t]/.test(line.slice(separator).replace(/^[ \t]+/, ''))) return null;
  }
  const name = strip(line.slice(0, separator));
  if (name === '') return null;
  return { name, value: strip(line.slice(separator + 1)) };
}

/** Trims ASCII whitespace only (String#trim would also take latin1 0x85 and 0xA0 bytes). */
function strip(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isAsciiSpace(text.charCodeAt(start))) start++;
  while (end > start && isAsciiSpace(text.charCodeAt(end - 1))) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

function isAsciiSpace(code: number): boolean {
  return code === 0x20 || (code >= 0x09 && code <= 0x0d);
}

// Keys are recognised by their start, case-insensitively, with the typos Google forgives.
const KEY_PREFIXES: ReadonlyArray<[RobotsKey, readonly string[]]> = [
  ['user-agent', ['user-agent', 'useragent', 'user agent']],
  ['allow', ['allow']],
  ['disallow', ['disallow', 'dissallow', 'dissalow', 'disalow', 'diasllow', 'disallaw']],
  ['sitemap', ['sitemap', 'site-map']],
];

function keyOf(name: string): RobotsKey {
  // No key prefix is longer than 10 characters. toLowerCase is safe here: no latin1 char
  // lower-cases into ASCII.
  const lower = (name.length > 10 ? name.slice(0, 10) : name).toLowerCase();
  for (const [key, prefixes] of KEY_PREFIXES) {
    for (const prefix of prefixes) if (lower.startsWith(prefix)) return key;
  }
  return 'unknown';
}

export function asciiLower(text: string): string {
  return text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

/**
 * Rule values are compared in percent-encoded form: bytes outside US-ASCII become %XX and the
 * hex digits of existing escapes are upper-cased (%2f → %2F). Input and output are latin1
 * byte strings.
 */
export function escapePattern(value: string): string {
  // Most values need nothing; skip the rewrite for them.
  if (!/[%\u0080-\u00ff]/.test(value)) return value;
  return value.replace(/%([0-9a-fA-F]{2})|[\u0080-\u00ff]/g, (match, hex: string | undefined) =>
    hex === undefined ? `%${match.charCodeAt(0).toString(16).toUpperCase()}` : `%${hex.toUpperCase()}`,
  );
}
