import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPoster, retryAfterOf } from './http.ts';
import { isAcceptableSlackUrl, sendSlack } from './slack.ts';
import { type SlackStandIn, startSlackStandIn } from './stand-ins/slack.ts';
import { startTelegramStandIn, type TelegramStandIn } from './stand-ins/telegram.ts';
import { createTelegram } from './telegram.ts';

let slack: SlackStandIn;
let tg: TelegramStandIn;
beforeAll(async () => {
  slack = await startSlackStandIn();
  tg = await startTelegramStandIn();
});
afterAll(async () => {
  await slack.close();
  await tg.close();
});

describe('Slack incoming webhooks', () => {
  const open = createPoster({ timeoutMs: 2_000, guarded: false });
  const guarded = createPoster({ timeoutMs: 2_000, guarded: true });

  it('accepts only hooks.slack.com in production, any http(s) URL when private networks are open', () => {
    const prod = { allowPrivateNetworks: false };
    expect(isAcceptableSlackUrl('https://hooks.slack.com/services/T1/B2/xyz', prod)).toBe(true);
    expect(isAcceptableSlackUrl('http://hooks.slack.com/services/T1/B2/xyz', prod)).toBe(false);
    expect(isAcceptableSlackUrl('https://hooks.slack.com.evil.example/services/T1/B2/xyz', prod)).toBe(false);
    expect(isAcceptableSlackUrl('https://169.254.169.254/services/x', prod)).toBe(false);
    expect(isAcceptableSlackUrl('https://u:p@hooks.slack.com/services/T1/B2/x', prod)).toBe(false);
    expect(isAcceptableSlackUrl(slack.hookUrl(), { allowPrivateNetworks: true })).toBe(true);
  });

  it('posts the payload and reads "ok", 429 with Retry-After, 5xx and a removed hook', async () => {
    expect(await sendSlack(open, { url: slack.hookUrl(), message: { text: 'hello' } })).toEqual({ ok: true });
    expect(slack.received.at(-1)?.body).toEqual({ text: 'hello' });
    slack.set({ rateLimited: 1, retryAfterSeconds: 17 });
    expect(await sendSlack(open, { url: slack.hookUrl(), message: { text: 'x' } })).toEqual({
      ok: false,
      error: 'rate_limited',
      permanent: false,
      retryAfterSeconds: 17,
    });
    slack.set({ serverErrors: 1 });
    expect(await sendSlack(open, { url: slack.hookUrl(), message: { text: 'x' } })).toMatchObject({
      ok: false,
      permanent: false,
    });
    expect(await sendSlack(open, { url: `${slack.url}/services/nope`, message: { text: 'x' } })).toEqual({
      ok: false,
      error: 'no_service',
      permanent: true,
    });
  });

  it('refuses loopback, private and metadata addresses through the SSRF guard', async () => {
    const before = slack.attempts;
    for (const url of [
      slack.hookUrl(),
      'http://localhost:9/services/T1/B1/x',
      'http://169.254.169.254/services/T1/B1/x',
    ]) {
      expect(await sendSlack(guarded, { url, message: { text: 'x' } })).toEqual({
        ok: false,
        error: 'blocked_address',
        permanent: true,
      });
    }
    expect(slack.attempts).toBe(before);
  });

  it('reads Retry-After in seconds or as a date', () => {
    expect(retryAfterOf('30')).toBe(30);
    expect(retryAfterOf('Wed, 21 Oct 2015 07:28:30 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'))).toBe(
      30,
    );
    expect(retryAfterOf(undefined)).toBeUndefined();
  });
});

describe('Telegram Bot API', () => {
  const api = () => createTelegram({ botToken: tg.token, baseUrl: tg.url, timeoutMs: 2_000 });

  it('says it is off without a token', () => {
    expect(createTelegram({ baseUrl: tg.url, timeoutMs: 1_000 }).available).toBe(false);
  });

  it('knows its bot, sends HTML messages and reads updates from an offset', async () => {
    const bot = api();
    expect(await bot.botUsername()).toBe(tg.botUsername);
    expect(await bot.sendMessage({ chatId: '42', text: '<b>hi</b>' })).toEqual({ ok: true });
    expect(tg.sent.at(-1)).toMatchObject({ chat_id: '42', text: '<b>hi</b>', parse_mode: 'HTML' });
    tg.userWrites({ chatId: 42, text: '/start abc' });
    tg.userWrites({ chatId: 43, text: 'hello' });
    const updates = await bot.getUpdates(0);
    expect(updates.map((u) => u.message?.text)).toEqual(['/start abc', 'hello']);
    expect(await bot.getUpdates(updates[1].update_id + 1)).toEqual([]);
  });

  it('reads 429 parameters.retry_after, 5xx and a blocked bot', async () => {
    const bot = api();
    tg.set({ rateLimited: 1, retryAfterSeconds: 9 });
    expect(await bot.sendMessage({ chatId: '42', text: 'x' })).toEqual({
      ok: false,
      error: 'Too Many Requests: retry after 9',
      permanent: false,
      retryAfterSeconds: 9,
    });
    tg.set({ serverErrors: 1 });
    expect(await bot.sendMessage({ chatId: '42', text: 'x' })).toMatchObject({ ok: false, permanent: false });
    tg.set({ blockedChats: [44] });
    expect(await bot.sendMessage({ chatId: '44', text: 'x' })).toEqual({
      ok: false,
      error: 'Forbidden: bot was blocked by the user',
      permanent: true,
    });
    const wrong = createTelegram({ botToken: '1:wrong', baseUrl: tg.url, timeoutMs: 1_000 });
    expect(await wrong.sendMessage({ chatId: '42', text: 'x' })).toMatchObject({
      ok: false,
      permanent: true,
    });
  });
});
