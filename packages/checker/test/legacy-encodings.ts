import { TextDecoder } from 'node:util';

/**
 * Encodes text in a single-byte legacy charset (windows-1251, koi8-r). Node's TextEncoder only
 * writes UTF-8, so the byte for each character is found by decoding all 256 bytes once.
 */
export function encodeSingleByte(text: string, encoding: 'windows-1251' | 'koi8-r'): Buffer {
  const byteOf = reverseTable(encoding);
  const bytes = Buffer.alloc(text.length);
  for (let index = 0; index < text.length; index++) {
    const byte = byteOf.get(text[index]);
    if (byte === undefined) throw new Error(`${JSON.stringify(text[index])} has no ${encoding} byte`);
    bytes[index] = byte;
  }
  return bytes;
}

const tables = new Map<string, Map<string, number>>();

function reverseTable(encoding: string): Map<string, number> {
  let table = tables.get(encoding);
  if (!table) {
    table = new Map();
    const decoder = new TextDecoder(encoding);
    for (let byte = 0; byte < 256; byte++) {
      const char = decoder.decode(Uint8Array.of(byte));
      if (!table.has(char)) table.set(char, byte);
    }
    tables.set(encoding, table);
  }
  return table;
}
