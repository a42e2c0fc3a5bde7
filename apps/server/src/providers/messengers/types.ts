/** What came of one message sent to a chat service. */
export type SendResult =
  | { ok: true }
  | {
      ok: false;
      error: string;
      /** The service asked us to wait (HTTP 429: Slack's Retry-After, Telegram's parameters.retry_after). */
      retryAfterSeconds?: number;
      /** Trying again cannot help (a removed webhook, a bot blocked by the chat, a refused address). */
      permanent: boolean;
    };

/** A temporary failure (5xx, a network error, a timeout) is worth another try later. */
export const temporary = (error: string): SendResult => ({ ok: false, error, permanent: false });
export const permanent = (error: string): SendResult => ({ ok: false, error, permanent: true });
