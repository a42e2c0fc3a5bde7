import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../../db/client.ts';
import { addTokenHash } from './mailings.queries.ts';

/**
 * Unsubscribe tokens: `{mailingId}.{secret}`, 32 random bytes per mail sent. Only SHA-256 hashes are
 * stored, so a copy of the database cannot unsubscribe anyone. Because the secret cannot be read back,
 * each mail gets a fresh token, and the row keeps the hashes of the latest ones: the link in every
 * recent mail keeps working (two tasks can finish at once and mail the same recipient), and an
 * ancient mail's link eventually stops.
 */
export const KEPT_TOKENS = 100;
const HASH_LENGTH = 64;

const sha256 = (secret: string) => createHash('sha256').update(secret).digest('hex');

export function mintToken(mailingId: number) {
  const secret = randomBytes(32).toString('base64url');
  return { token: `${mailingId}.${secret}`, hash: sha256(secret) };
}

export function parseToken(token: string): { mailingId: number; hash: string } | null {
  const match = /^(\d{1,10})\.([\w-]{20,100})$/.exec(token.trim());
  if (!match) return null;
  return { mailingId: Number(match[1]), hash: sha256(match[2]) };
}

export function hashListHas(stored: string | null, hash: string): boolean {
  const wanted = Buffer.from(hash);
  return (stored ?? '')
    .split(' ')
    .some((candidate) => candidate.length === hash.length && timingSafeEqual(Buffer.from(candidate), wanted));
}

/** A fresh token for one mail to this recipient; its hash joins the row's list. */
export async function issueToken(db: Queryable, mailingId: number): Promise<string> {
  const { token, hash } = mintToken(mailingId);
  await addTokenHash(db, { mailingId, hash, keptLength: KEPT_TOKENS * (HASH_LENGTH + 1) - 1 });
  return token;
}
