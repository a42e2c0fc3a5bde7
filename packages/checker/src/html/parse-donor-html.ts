import { TextDecoder } from 'node:util';
import { type AcceptorMatcher, compileAcceptors } from '../acceptors/acceptor-matcher.ts';
import type { AcceptorSet } from '../types.ts';
import { detectEncoding, META_SNIFF_BYTES } from './charset.ts';
import { type DonorPageFacts, DonorPageHandler, TAGS_WITH_ATTRIBUTES } from './donor-page-handler.ts';
import { TagStream } from './tag-stream.ts';

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

/**
 * Streaming donor-page parser: feed it the raw body in chunks as they arrive. The first few KB
 * are held back until the charset is known, then bytes are decoded and parsed incrementally.
 */
export class DonorPageParser {
  readonly #contentType: string | null;
  readonly #handler: DonorPageHandler;
  readonly #parser: TagStream;
  #decoder: TextDecoder | null = null;
  #heldBack: Uint8Array[] = [];
  #heldBackBytes = 0;

  constructor({ baseUrl, contentType, acceptors }: ParseDonorOptions) {
    this.#contentType = contentType;
    const matcher = 'matches' in acceptors ? acceptors : compileAcceptors(acceptors);
    this.#handler = new DonorPageHandler({ documentUrl: new URL(baseUrl), acceptors: matcher });
    this.#parser = new TagStream(this.#handler, { attributesOf: TAGS_WITH_ATTRIBUTES });
  }

  write(bytes: Uint8Array): void {
    if (this.#decoder) {
      this.#parser.write(this.#decoder.decode(bytes, { stream: true }));
      return;
    }
    this.#heldBack.push(bytes);
    this.#heldBackBytes += bytes.byteLength;
    if (this.#heldBackBytes >= META_SNIFF_BYTES) this.#startDecoding({ stream: true });
  }

  /** The whole body in one piece, instead of write() calls: decoded in one (faster) pass. */
  writeWhole(bytes: Uint8Array): void {
    this.#heldBack = [bytes];
    this.#heldBackBytes = bytes.byteLength;
    this.#startDecoding({ stream: false });
  }

  end(): ParsedDonorPage {
    if (!this.#decoder) this.#startDecoding({ stream: true });
    const decoder = this.#decoder as TextDecoder;
    this.#parser.write(decoder.decode());
    this.#parser.end();
    return { ...this.#handler.facts(), encoding: decoder.encoding };
  }

  #startDecoding({ stream }: { stream: boolean }): void {
    const head = concatBytes(this.#heldBack, this.#heldBackBytes);
    this.#heldBack = [];
    const encoding = detectEncoding({ contentType: this.#contentType, head });
    // ignoreBOM: false lets the decoder drop a BOM instead of parsing it as text.
    this.#decoder = new TextDecoder(encoding, { fatal: false, ignoreBOM: false });
    this.#parser.write(this.#decoder.decode(head, { stream }));
  }
}

/** Parses a whole donor page held in memory; usable without any network. */
export function parseDonorHtml(bytes: Uint8Array, options: ParseDonorOptions): ParsedDonorPage {
  const parser = new DonorPageParser(options);
  parser.writeWhole(bytes);
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
