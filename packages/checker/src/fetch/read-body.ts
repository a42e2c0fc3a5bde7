import { pipeline, Readable } from 'node:stream';
import {
  type BrotliOptions,
  createBrotliDecompress,
  createGunzip,
  createInflate,
  createInflateRaw,
  type ZlibOptions,
  constants as zlib,
} from 'node:zlib';

export interface ReadBody {
  /** Decoded (decompressed) bytes, in a buffer of their own so they can be moved to a worker. */
  bytes: Uint8Array;
  /** The body was longer than the cap; `bytes` holds its beginning. */
  truncated: boolean;
}

// Like browsers, keep what a cut-off compressed stream already produced instead of failing.
const ZLIB_OPTIONS: ZlibOptions = { finishFlush: zlib.Z_SYNC_FLUSH, chunkSize: 64 * 1024 };
const BROTLI_OPTIONS: BrotliOptions = { finishFlush: zlib.BROTLI_OPERATION_FLUSH, chunkSize: 64 * 1024 };

/**
 * Reads a response body up to `maxBytes` of decoded content, decompressing gzip, deflate and br.
 * Stops reading (and destroys the stream, closing the connection) as soon as the cap is passed,
 * which also defuses compression bombs.
 */
export async function readBody({
  body,
  contentEncoding,
  maxBytes,
}: {
  body: Readable;
  contentEncoding: string | null;
  maxBytes: number;
}): Promise<ReadBody> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  let truncated = false;
  const decoded = decodedStream(body, contentEncoding);
  try {
    for await (const chunk of decoded as AsyncIterable<Buffer>) {
      const room = maxBytes - total;
      if (chunk.byteLength > room) {
        if (room > 0) chunks.push(chunk.subarray(0, room));
        total += Math.max(room, 0);
        truncated = true;
        break;
      }
      chunks.push(chunk);
      total += chunk.byteLength;
    }
  } finally {
    if (!decoded.readableEnded) decoded.destroy();
    if (!body.readableEnded) body.destroy();
  }
  return { bytes: concatOwned(chunks, total), truncated };
}

function decodedStream(body: Readable, contentEncoding: string | null): Readable {
  const encodings = (contentEncoding ?? '')
    .toLowerCase()
    .split(',')
    .map((token) => token.trim())
    .filter((token) => token !== '' && token !== 'identity');
  // Encodings are listed in the order they were applied; undo them last to first.
  let stream = body;
  for (const encoding of encodings.reverse()) stream = decoderFor(stream, encoding);
  return stream;
}

function decoderFor(source: Readable, encoding: string): Readable {
  switch (encoding) {
    case 'gzip':
    case 'x-gzip':
      return pipe(source, createGunzip(ZLIB_OPTIONS));
    case 'br':
      return pipe(source, createBrotliDecompress(BROTLI_OPTIONS));
    case 'deflate':
      return inflateEitherFormat(source);
    default:
      // An encoding we never asked for: hand the bytes on as they are.
      return source;
  }
}

/**
 * "deflate" should be zlib-wrapped (RFC 9110) but some servers send raw deflate, which browsers
 * accept: look at the first bytes to pick the right inflater.
 */
function inflateEitherFormat(source: Readable): Readable {
  return Readable.from(inflateSniffed(source), { objectMode: false });
}

async function* inflateSniffed(source: Readable): AsyncGenerator<Buffer> {
  const iterator = (source as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done) return;
  const inflater = hasZlibHeader(first.value) ? createInflate(ZLIB_OPTIONS) : createInflateRaw(ZLIB_OPTIONS);
  const rest = Readable.from(prepend(first.value, iterator), { objectMode: false });
  yield* pipe(rest, inflater) as AsyncIterable<Buffer>;
}

async function* prepend(first: Buffer, rest: AsyncIterator<Buffer>): AsyncGenerator<Buffer> {
  yield first;
  for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
}

function hasZlibHeader(bytes: Uint8Array): boolean {
  if (bytes.byteLength < 2) return false;
  const compressionMethodIsDeflate = (bytes[0] & 0x0f) === 8;
  return compressionMethodIsDeflate && ((bytes[0] << 8) | bytes[1]) % 31 === 0;
}

/** pipeline() so that an error or an early stop on either side tears both down. */
function pipe(source: Readable, transform: NodeJS.ReadWriteStream & Readable): Readable {
  pipeline(source, transform, () => {});
  return transform;
}

/** Copies into a fresh ArrayBuffer: pooled Buffers must never be transferred to a worker. */
function concatOwned(chunks: Uint8Array[], total: number): Uint8Array {
  // Not pooled (so it can be transferred) and not zero-filled (every byte is written below).
  const owned = Buffer.allocUnsafeSlow(total);
  let offset = 0;
  for (const chunk of chunks) {
    owned.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return owned;
}
