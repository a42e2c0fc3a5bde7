import { TextDecoder } from 'node:util';
import { Parser } from 'htmlparser2';
import { type AcceptorMatcher, compileAcceptors } from '../acceptors/acceptor-matcher.ts';
import type { AcceptorSet } from '../types.ts';
import { detectEncoding, META_SNIFF_BYTES } from './charset.ts';
import { type DonorPageFacts, DonorPageHandler } from './donor-page-handler.ts';

export interface ParseDonorOptions {
  /** URL the bytes came from (after redirects); relative links resolve against it. */
  baseUrl: string;
  /** The response's Content-Type header, for its charset. */
  contentType: string | null;
  acceptors: AcceptorSet | AcceptorMatcher;
}

export interface ParsedDonorPage extends DonorPageFacts {
  /** The encoding the bytes were decoded with. */
  encoding: string;
}

// Decoded text is fed to the parser in slices this big, so memory stays flat for large pages.
const FEED_CHUNK_BYTES = 64 * 1024;

/**
 * Streaming donor-page parser: feed it the raw body in chunks as they arrive. The first few KB
 * are held back until the charset is known, then bytes are decoded and parsed incrementally.
 */
export class DonorPageParser {
  readonly #contentType: string | null;
  readonly #handler: DonorPageHandler;
  readonly #parser: Parser;
  #decoder: TextDecoder | null = null;
  #heldBack: Uint8Array[] = [];
  #heldBackBytes = 0;

  constructor({ baseUrl, contentType, acceptors }: ParseDonorOptions) {
    this.#contentType = contentType;
    const matcher = 'matches' in acceptors ? acceptors : compileAcceptors(acceptors);
    this.#handler = new DonorPageHandler({ documentUrl: new URL(baseUrl), acceptors: matcher });
    this.#parser = new Parser(this.#handler, { decodeEntities: true, lowerCaseAttributeNames: true });
  }

  write(bytes: Uint8Array): void {
    if (this.#decoder) {
      this.#parser.write(this.#decoder.decode(bytes, { stream: true }));
      return;
    }
    this.#heldBack.push(bytes);
    this.#heldBackBytes += bytes.byteLength;
    if (this.#heldBackBytes >= META_SNIFF_BYTES) this.#startDecoding();
  }

  end(): ParsedDonorPage {
    if (!this.#decoder) this.#startDecoding();
    const decoder = this.#decoder as TextDecoder;
    this.#parser.write(decoder.decode());
    this.#parser.end();
    return { ...this.#handler.facts(), encoding: decoder.encoding };
  }

  #startDecoding(): void {
    const head = concatBytes(this.#heldBack, this.#heldBackBytes);
    this.#heldBack = [];
    const encoding = detectEncoding({ contentType: this.#contentType, head });
    // ignoreBOM: false lets the decoder drop a BOM instead of parsing it as text.
    this.#decoder = new TextDecoder(encoding, { fatal: false, ignoreBOM: false });
    this.#parser.write(this.#decoder.decode(head, { stream: true }));
  }
}

/** Parses a whole donor page held in memory; usable without any network. */
export function parseDonorHtml(bytes: Uint8Array, options: ParseDonorOptions): ParsedDonorPage {
  const parser = new DonorPageParser(options);
  for (let offset = 0; offset < bytes.byteLength; offset += FEED_CHUNK_BYTES) {
    parser.write(bytes.subarray(offset, offset + FEED_CHUNK_BYTES));
  }
  return parser.end();
}

function concatBytes(chunks: Uint8Array[], total: number): Uint8Array {
  if (chunks.length === 1) return chunks[0];
  const joined = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    joined.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return joined;
}
