import { Readable } from 'node:stream';
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { checkErrorFrom } from './check-errors.ts';
import { readBody } from './read-body.ts';

const text = 'Backlinks are links from other sites. '.repeat(2_000);

function streamOf(bytes: Buffer, chunkSize = 1_000): Readable {
  const chunks: Buffer[] = [];
  for (let offset = 0; offset < bytes.length; offset += chunkSize)
    chunks.push(bytes.subarray(offset, offset + chunkSize));
  return Readable.from(chunks, { objectMode: false });
}

describe('readBody', () => {
  test.each([
    ['identity', null, (bytes: Buffer) => bytes],
    ['gzip', 'gzip', gzipSync],
    ['x-gzip', 'x-gzip', gzipSync],
    ['deflate (zlib)', 'deflate', deflateSync],
    ['deflate (raw)', 'deflate', deflateRawSync],
    ['br', 'br', brotliCompressSync],
    ['gzip then br', 'gzip, br', (bytes: Buffer) => brotliCompressSync(gzipSync(bytes))],
    ['upper case', 'GZIP', gzipSync],
  ])('decodes %s', async (_name, contentEncoding, encode) => {
    const body = streamOf(encode(Buffer.from(text)));
    const result = await readBody({ body, contentEncoding, maxBytes: 1_000_000 });
    expect(Buffer.from(result.bytes).toString()).toBe(text);
    expect(result.truncated).toBe(false);
  });

  test('stops at the cap, keeps what came before it and closes the stream', async () => {
    const body = streamOf(Buffer.from(text));
    const result = await readBody({ body, contentEncoding: null, maxBytes: 10_000 });
    expect(result.truncated).toBe(true);
    expect(Buffer.from(result.bytes).toString()).toBe(text.slice(0, 10_000));
    expect(body.destroyed).toBe(true);
  });

  test('an endless body still ends at the cap', async () => {
    const endless = Readable.from(
      (function* () {
        for (;;) yield Buffer.alloc(16_384, 0x61);
      })(),
      { objectMode: false },
    );
    const result = await readBody({ body: endless, contentEncoding: null, maxBytes: 100_000 });
    expect(result.bytes.byteLength).toBe(100_000);
    expect(result.truncated).toBe(true);
  });

  test('a compression bomb is cut at the cap of decoded bytes', async () => {
    const bomb = gzipSync(Buffer.alloc(200 * 1024 * 1024));
    expect(bomb.length).toBeLessThan(1_000_000);
    const result = await readBody({
      body: streamOf(bomb, 64 * 1024),
      contentEncoding: 'gzip',
      maxBytes: 5 * 1024 * 1024,
    });
    expect(result).toMatchObject({ truncated: true });
    expect(result.bytes.byteLength).toBe(5 * 1024 * 1024);
  });

  test('a compressed stream cut short yields what it decoded so far', async () => {
    const whole = gzipSync(Buffer.from(text));
    const result = await readBody({
      body: streamOf(whole.subarray(0, whole.length / 2)),
      contentEncoding: 'gzip',
      maxBytes: 1_000_000,
    });
    expect(result.bytes.byteLength).toBeGreaterThan(0);
    expect(text.startsWith(Buffer.from(result.bytes).toString())).toBe(true);
  });

  test('garbage declared as gzip is a decoding error', async () => {
    const failure = await readBody({
      body: streamOf(Buffer.from('this is not gzip at all')),
      contentEncoding: 'gzip',
      maxBytes: 1_000,
    }).catch((error: unknown) => error);
    expect(checkErrorFrom(failure).code).toBe('decoding_error');
  });

  test('the bytes own their buffer, so they can be transferred to a worker', async () => {
    const result = await readBody({
      body: streamOf(Buffer.from('small')),
      contentEncoding: null,
      maxBytes: 100,
    });
    expect(result.bytes.byteOffset).toBe(0);
    expect(result.bytes.buffer.byteLength).toBe(result.bytes.byteLength);
  });
});

describe('checkErrorFrom', () => {
  const withCode = (code: string, cause?: unknown) => Object.assign(new Error(code), { code, cause });

  test.each([
    ['ENOTFOUND', 'dns_not_found'],
    ['EAI_AGAIN', 'dns_not_found'],
    ['ECONNREFUSED', 'connection_refused'],
    ['ECONNRESET', 'connection_reset'],
    ['UND_ERR_SOCKET', 'connection_reset'],
    ['UND_ERR_CONNECT_TIMEOUT', 'timeout'],
    ['UND_ERR_HEADERS_TIMEOUT', 'timeout'],
    ['CERT_HAS_EXPIRED', 'tls_error'],
    ['ERR_TLS_CERT_ALTNAME_INVALID', 'tls_error'],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'tls_error'],
    ['ERR_LINKWATCH_BLOCKED_ADDRESS', 'blocked_address'],
    ['Z_DATA_ERROR', 'decoding_error'],
    ['SOMETHING_ELSE', 'unknown'],
  ])('%s → %s', (code, expected) => {
    expect(checkErrorFrom(withCode(code)).code).toBe(expected);
  });

  test('follows the cause chain (undici wraps socket errors)', () => {
    expect(checkErrorFrom(new Error('fetch failed', { cause: withCode('ECONNREFUSED') })).code).toBe(
      'connection_refused',
    );
  });
});
