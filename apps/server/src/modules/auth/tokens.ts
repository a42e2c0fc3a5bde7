import { createHash, randomBytes } from 'node:crypto';

/** Random opaque secrets for bearer tokens and mailed codes; only their hash is stored. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
