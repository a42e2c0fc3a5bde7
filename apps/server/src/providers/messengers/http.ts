import {
  BlockedAddressError,
  createGuardedLookup,
  isForbiddenAddress,
  literalAddressOf,
} from '@linkwatch/checker';
import { Agent } from 'undici';

/** An answer's body is read up to this size: a chat service answers in a few bytes. */
const MAX_ANSWER_BYTES = 64 * 1024;

export interface PostAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/**
 * Posts JSON with a time limit and a size limit on the answer. With `guarded`, the connection goes
 * through the checker's SSRF guard (no loopback, private or metadata address, checked on the very
 * addresses the socket uses, so DNS rebinding cannot get round it).
 */
export function createPoster(options: { timeoutMs: number; guarded: boolean }) {
  const agent = new Agent({
    connect: {
      timeout: options.timeoutMs,
      lookup: createGuardedLookup({ refusePrivate: options.guarded }),
    },
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
  });
  return {
    async post(url: URL, body: unknown): Promise<PostAnswer> {
      const literal = literalAddressOf(url.hostname);
      if (options.guarded && literal !== null && isForbiddenAddress(literal)) {
        throw new BlockedAddressError(url.host);
      }
      const response = await agent.request({
        origin: url.origin,
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'Linkwatch alerts' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      return {
        status: response.statusCode,
        headers: response.headers,
        text: await readLimited(response.body),
      };
    },
    close: () => agent.close(),
  };
}

export type Poster = ReturnType<typeof createPoster>;

async function readLimited(body: AsyncIterable<Buffer> & { destroy(): void }): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > MAX_ANSWER_BYTES) {
      body.destroy();
      break;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8').slice(0, MAX_ANSWER_BYTES);
}

/** Seconds from a Retry-After header (seconds or an HTTP date); undefined when absent or unreadable. */
export function retryAfterOf(header: string | string[] | undefined, now = Date.now()): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}
