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

/**
 * A team member's copy of a rule's e-mail (issue 27): `email:<user id>`, one message per member so each
 * is sent, retried and digested on its own, in the member's language.
 */
const MEMBER_EMAIL_PREFIX = 'email:';

export const memberEmailChannel = (userId: number) => `${MEMBER_EMAIL_PREFIX}${userId}`;

/** The member a channel name mails, or null for any other channel (the owner's `email` included). */
export function memberOfChannel(channel: string): number | null {
  if (!channel.startsWith(MEMBER_EMAIL_PREFIX)) return null;
  const id = Number(channel.slice(MEMBER_EMAIL_PREFIX.length));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
