import { TextDecoder } from 'node:util';

/**
 * Picks the text encoding of a page the way browsers do, in order: byte-order mark,
 * charset in the Content-Type header, then a `<meta charset>` or
 * `<meta http-equiv="content-type">` near the top of the document. Defaults to UTF-8.
 */

/** How far into the body a meta charset is looked for (browsers use 1024; some heads are longer). */
export const META_SNIFF_BYTES = 4096;
const DEFAULT_ENCODING = 'utf-8';

export function detectEncoding({
  contentType,
  head,
}: {
  contentType: string | null;
  head: Uint8Array;
}): string {
  return (
    encodingFromBom(head) ??
    supportedEncoding(charsetFromContentType(contentType)) ??
    asciiCompatible(supportedEncoding(sniffMetaCharset(head))) ??
    DEFAULT_ENCODING
  );
}

export function charsetFromContentType(contentType: string | null): string | null {
  if (!contentType) return null;
  const match = /charset\s*=\s*["']?\s*([^"';\s]+)/i.exec(contentType);
  return match ? match[1] : null;
}

export function sniffMetaCharset(head: Uint8Array): string | null {
  const prefix = Buffer.from(head.buffer, head.byteOffset, Math.min(head.byteLength, META_SNIFF_BYTES));
  // latin1 maps bytes one to one, so ASCII markup is readable whatever the real encoding is.
  const text = prefix.toString('latin1');
  const match = /<meta\b[^>]*?charset\s*=\s*["']?\s*([a-z0-9_:.-]+)/i.exec(text);
  return match ? match[1] : null;
}

function encodingFromBom(head: Uint8Array): string | null {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  return null;
}

/** The canonical name of a label TextDecoder knows, or null for unknown labels. */
function supportedEncoding(label: string | null): string | null {
  if (!label) return null;
  try {
    return new TextDecoder(label).encoding;
  } catch {
    return null;
  }
}

/** A meta tag readable as ASCII cannot be UTF-16; the HTML spec reads such pages as UTF-8. */
function asciiCompatible(encoding: string | null): string | null {
  return encoding?.startsWith('utf-16') ? DEFAULT_ENCODING : encoding;
}
