import { createHash, randomBytes } from 'node:crypto';
import { type Locale, TELEGRAM_CONNECT_MINUTES } from '@linkwatch/shared';
import { translate } from '@linkwatch/shared/i18n';
import type { AppContext } from '../../context.ts';
import { connectTelegramChat, findRecipient, upsertTelegramCode } from './alerts.queries.ts';
import { messengersOf } from './messengers.ts';

const sha256 = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** Telegram's deep-link parameter: up to 64 characters of A-Z, a-z, 0-9, _ and -. */
const newCode = () => randomBytes(24).toString('base64url');

/** A one-time start link for the user's chat (https://t.me/<bot>?start=<code>); the code is kept hashed. */
export async function startTelegramConnect(
  ctx: Pick<AppContext, 'db' | 'config'>,
  params: { userId: number; now?: Date },
) {
  const telegram = messengersOf(ctx.config).telegram;
  const bot = await telegram.botUsername();
  const code = newCode();
  const expiresAt = new Date((params.now ?? new Date()).getTime() + TELEGRAM_CONNECT_MINUTES * 60_000);
  const channel = await upsertTelegramCode(ctx.db, {
    userId: params.userId,
    codeHash: sha256(code),
    expiresAt,
  });
  return { startUrl: `https://t.me/${bot}?start=${code}`, expiresAt, channel };
}

/** The update id after the last one read, per configuration (Telegram forgets what an offset confirms). */
const offsets = new WeakMap<AppContext['config'], number>();

/**
 * Reads the bot's new messages (getUpdates) and connects each chat that sent `/start <code>` with a
 * valid code; the chat is greeted in its owner's language. Answers the chats connected.
 */
export async function pollTelegramUpdates(
  ctx: Pick<AppContext, 'db' | 'config' | 'log'>,
  options: { now?: Date } = {},
) {
  const telegram = messengersOf(ctx.config).telegram;
  if (!telegram.available) return 0;
  const updates = await telegram.getUpdates(offsets.get(ctx.config) ?? 0);
  let connected = 0;
  for (const update of updates) {
    offsets.set(ctx.config, Math.max(offsets.get(ctx.config) ?? 0, update.update_id + 1));
    const message = update.message;
    const code = /^\/start\s+([A-Za-z0-9_-]{1,64})$/.exec(message?.text?.trim() ?? '')?.[1];
    if (!message || !code) continue;
    const chat = message.chat;
    const channel = await connectTelegramChat(ctx.db, {
      codeHash: sha256(code),
      chatId: String(chat.id),
      title: chat.title ?? chat.username ?? chat.first_name ?? null,
      now: options.now ?? new Date(),
    });
    if (!channel) continue;
    connected++;
    const locale = ((await findRecipient(ctx.db, channel.userId))?.locale ?? 'en') as Locale;
    const greeting = await telegram.sendMessage({
      chatId: String(chat.id),
      text: translate(locale, 'alerts.message.connected'),
    });
    if (!greeting.ok) ctx.log.warn({ error: greeting.error }, 'telegram greeting not sent');
  }
  return connected;
}
