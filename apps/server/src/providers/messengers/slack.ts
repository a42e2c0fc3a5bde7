import { BlockedAddressError } from '@linkwatch/checker';
import type { Poster } from './http.ts';
import { retryAfterOf } from './http.ts';
import { permanent, type SendResult, temporary } from './types.ts';

/** Slack's incoming webhooks live on this host; any other is refused unless private networks are open. */
export const SLACK_WEBHOOK_HOST = 'hooks.slack.com';

/** Whether a user's webhook URL may be saved: https on hooks.slack.com (any http(s) URL in tests). */
export function isAcceptableSlackUrl(raw: string, options: { allowPrivateNetworks: boolean }): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (options.allowPrivateNetworks) return url.protocol === 'https:' || url.protocol === 'http:';
  return (
    url.protocol === 'https:' && url.hostname === SLACK_WEBHOOK_HOST && url.pathname.startsWith('/services/')
  );
}

export interface SlackMessage {
  /** The notification's text (mrkdwn), shown where blocks cannot be. */
  text: string;
  blocks?: unknown[];
}

/**
 * Posts to a Slack incoming webhook (https://api.slack.com/messaging/webhooks). Slack answers 200 "ok";
 * 400 invalid_payload, 403 action_prohibited, 404 no_service, 410 channel_is_archived are for good;
 * 429 carries Retry-After (one message a second per webhook), 5xx is worth another try.
 */
export async function sendSlack(
  poster: Poster,
  params: { url: string; message: SlackMessage },
): Promise<SendResult> {
  let answer: Awaited<ReturnType<Poster['post']>>;
  try {
    answer = await poster.post(new URL(params.url), params.message);
  } catch (error) {
    if (
      error instanceof BlockedAddressError ||
      (error as { cause?: unknown }).cause instanceof BlockedAddressError
    )
      return permanent('blocked_address');
    return temporary((error as Error).message || 'network_error');
  }
  const error = answer.text.trim().slice(0, 200) || `HTTP ${answer.status}`;
  if (answer.status >= 200 && answer.status < 300) return { ok: true };
  if (answer.status === 429) {
    return {
      ok: false,
      error,
      permanent: false,
      retryAfterSeconds: retryAfterOf(answer.headers['retry-after']) ?? 30,
    };
  }
  if (answer.status >= 500) return temporary(error);
  return permanent(error);
}
