import { z } from 'zod';
import { permanent, type SendResult, temporary } from './types.ts';

export interface TelegramConfig {
  botToken?: string;
  baseUrl: string;
  timeoutMs: number;
}

/** Every Bot API answer: `ok`, and `result` or an error with `parameters.retry_after` on 429. */
const ZAnswer = z.object({
  ok: z.boolean(),
  result: z.unknown().optional(),
  error_code: z.number().optional(),
  description: z.string().optional(),
  parameters: z.object({ retry_after: z.number().optional() }).optional(),
});

const ZUpdate = z.object({
  update_id: z.number(),
  message: z
    .object({
      text: z.string().optional(),
      chat: z.object({
        id: z.number(),
        type: z.string(),
        title: z.string().optional(),
        username: z.string().optional(),
        first_name: z.string().optional(),
      }),
    })
    .optional(),
});
export type TelegramUpdate = z.infer<typeof ZUpdate>;

export class TelegramError extends Error {}

/** The Telegram Bot API (https://core.telegram.org/bots/api), over our own bot's token. */
export function createTelegram(config: TelegramConfig) {
  const token = config.botToken;
  let username: string | undefined;

  async function call(method: string, body: unknown) {
    if (!token) throw new TelegramError('TELEGRAM_BOT_TOKEN is not set');
    const response = await fetch(`${config.baseUrl}/bot${token}/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
    const parsed = ZAnswer.safeParse(await response.json().catch(() => null));
    if (!parsed.success) {
      return { ok: false, error_code: response.status, description: `HTTP ${response.status}` } as z.infer<
        typeof ZAnswer
      >;
    }
    return parsed.data;
  }

  return {
    available: Boolean(token),
    /** The bot's @username, for the t.me start link; asked once. */
    async botUsername(): Promise<string> {
      if (username) return username;
      const answer = await call('getMe', {});
      const result = z.object({ username: z.string() }).safeParse(answer.result);
      if (!answer.ok || !result.success) throw new TelegramError(answer.description ?? 'getMe failed');
      username = result.data.username;
      return username;
    },
    async sendMessage(params: { chatId: string; text: string }): Promise<SendResult> {
      let answer: z.infer<typeof ZAnswer>;
      try {
        answer = await call('sendMessage', {
          chat_id: params.chatId,
          text: params.text,
          parse_mode: 'HTML',
          link_preview_options: { is_disabled: true },
        });
      } catch (error) {
        return temporary((error as Error).message || 'network_error');
      }
      if (answer.ok) return { ok: true };
      const error = answer.description ?? `error ${answer.error_code}`;
      if (answer.error_code === 429) {
        return {
          ok: false,
          error,
          permanent: false,
          retryAfterSeconds: answer.parameters?.retry_after ?? 30,
        };
      }
      if ((answer.error_code ?? 500) >= 500) return temporary(error);
      // 400 chat not found, 403 bot was blocked by the user: another try would fail the same way.
      return permanent(error);
    },
    /** New messages to the bot since `offset` (which also confirms the earlier ones to Telegram). */
    async getUpdates(offset: number): Promise<TelegramUpdate[]> {
      const answer = await call('getUpdates', { offset, timeout: 0, allowed_updates: ['message'] });
      if (!answer.ok) throw new TelegramError(answer.description ?? 'getUpdates failed');
      return z.array(ZUpdate).parse(answer.result ?? []);
    },
  };
}

export type Telegram = ReturnType<typeof createTelegram>;
