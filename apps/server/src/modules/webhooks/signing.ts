import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';

/** A new endpoint's signing secret, Stripe's shape: shown to its owner once. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(24).toString('base64url')}`;
}

/**
 * `Linkwatch-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, keyed with the
 * endpoint's secret as it was shown (the README's verification snippet computes the same).
 */
export function signatureHeader(params: { secret: string; body: string; timestamp: number }): string {
  const mac = createHmac('sha256', params.secret).update(`${params.timestamp}.${params.body}`).digest('hex');
  return `t=${params.timestamp},v1=${mac}`;
}

/**
 * Signing secrets must be read back to sign, so they are encrypted at rest (AES-256-GCM), not hashed:
 * a copy of the database alone does not give them away. The key is WEBHOOK_SECRET_KEY, or one made
 * once in DATA_DIR (one machine); several machines must share WEBHOOK_SECRET_KEY.
 */
export interface SecretBox {
  seal(secret: string): string;
  open(sealed: string): string;
}

export async function createSecretBox(config: { secretKey?: string; keyFile: string }): Promise<SecretBox> {
  const material = config.secretKey ?? (await keyFromFile(config.keyFile));
  const key = createHash('sha256').update(material).digest();
  return {
    seal(secret) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), data]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join(':');
    },
    open(sealed) {
      const [version, iv, tag, data] = sealed.split(':');
      if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('unreadable webhook secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

/** The key file's content, made (owner-readable only) by the first process that needs it. */
async function keyFromFile(file: string): Promise<string> {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(path.dirname(file), { recursive: true });
  try {
    writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    // Another process made it first: read theirs.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFileSync(file, 'utf8').trim();
}

const boxes = new Map<string, Promise<SecretBox>>();

/** One box per key source for the process. */
export function secretBoxFor(config: { secretKey?: string; keyFile: string }): Promise<SecretBox> {
  const id = config.secretKey
    ? `key:${createHash('sha256').update(config.secretKey).digest('hex')}`
    : `file:${config.keyFile}`;
  let box = boxes.get(id);
  if (!box) {
    box = createSecretBox(config);
    boxes.set(id, box);
    box.catch(() => boxes.delete(id));
  }
  return box;
}
