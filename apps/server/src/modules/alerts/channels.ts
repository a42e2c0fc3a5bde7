/**
 * A rule's channels are stored as names: `email`, `slack`, `telegram`, and `webhook:<endpoint id>` for
 * each of the account's own webhook endpoints it sends to (one alert message per endpoint).
 */
const WEBHOOK_PREFIX = 'webhook:';

export const webhookChannel = (endpointId: number) => `${WEBHOOK_PREFIX}${endpointId}`;

/** The endpoint id a channel name stands for, or null for a messenger or e-mail. */
export function webhookEndpointOf(channel: string): number | null {
  if (!channel.startsWith(WEBHOOK_PREFIX)) return null;
  const id = Number(channel.slice(WEBHOOK_PREFIX.length));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
