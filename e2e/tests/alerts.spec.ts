import { type APIRequestContext, expect, test } from '@playwright/test';
import { ActionCode, TaskStatus } from '../../packages/shared/src/constants.ts';
import { fill, texts } from './i18n.ts';
import { createConfirmedUser, logIn, newUser } from './support.ts';

// Issue 32: connect Telegram on the local Bot API server (our stand-in, started by the Playwright
// config beside the server), lose a link in the demo web, see the grouped message arrive in the chat.

const telegram = `http://127.0.0.1:${process.env.E2E_TELEGRAM_PORT}`;
type Sent = { chat_id: string | number; text: string; parse_mode?: string };

/** What the bot sent to a chat, read from the stand-in (its test-only call). */
async function sentTo(request: APIRequestContext, chatId: number): Promise<Sent[]> {
  const answer = await request.get(`${telegram}/_stand-in/sent`);
  expect(answer.ok()).toBe(true);
  return ((await answer.json()).sent as Sent[]).filter((m) => String(m.chat_id) === String(chatId));
}

test('connect Telegram, lose a link in the demo, see the alert arrive in the chat', async ({
  page,
  request,
}) => {
  // A sign-in, a chat connected through the worker's polling and three checks on a busy 2-core machine.
  test.setTimeout(120_000);
  const t = texts('en');
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const chatId = Number(stamp.slice(-9));
  const chatTitle = `Chat ${stamp}`;
  const projectName = `Spring shop ${stamp}`;
  // A demo page that links to the shop on its first visit only (an editor later removed the link).
  const lostUrl = `http://127.0.0.1:${process.env.E2E_DEMO_WEB_PORT}/fading/roundup-${stamp}`;

  // An account with a project whose campaign holds that one page, made through the API.
  const user = newUser('en');
  await createConfirmedUser(request, user);
  const headers = { Accept: 'application/json', 'x-localization': 'en' };
  const login = await request.post('/api/auth/login', {
    headers,
    data: { email: user.email, password: user.password },
  });
  const auth = { ...headers, Authorization: `Bearer ${(await login.json()).data.attributes.accessToken}` };
  const created = await request.post('/api/projects/', {
    headers: auth,
    data: { domains: ['demo-shop.com'], name: projectName, campaignName: 'Roundups' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const body = await created.json();
  const project = String(body.data.id);
  const campaign = String(body.included[0].id);
  const upload = await request.post('/api/links/upload', {
    headers: auth,
    multipart: {
      campaign,
      file: { name: 'links.txt', mimeType: 'text/plain', buffer: Buffer.from(lostUrl) },
    },
  });
  expect(upload.status(), await upload.text()).toBe(200);

  const startCheck = async () => {
    const started = await request.post(
      `/api/actions/${ActionCode.CheckBacklinks}/start?campaign=${campaign}`,
      {
        headers: auth,
      },
    );
    expect(started.ok(), await started.text()).toBe(true);
    return String((await started.json()).data.id);
  };
  const ended = async (id: string) => {
    await expect
      .poll(
        async () => {
          const task = await request.get(`/api/actions/${id}`, { headers: auth });
          return (await task.json()).data.attributes.statusId;
        },
        { message: `task ${id} ends`, timeout: 45_000 },
      )
      .toBe(TaskStatus.Done);
  };
  // The first check finds the link (no rule yet: nothing is sent) while the page is opened.
  const first = await startCheck();

  await page.goto(`/en/login?redirect=/en/alerts/${project}`);
  await logIn(page, user);
  await expect(page).toHaveURL(new RegExp(`/en/alerts/${project}$`));
  await expect(
    page.getByRole('heading', { name: fill(t.alerts.ui.title, { project: projectName }) }),
  ).toBeVisible({
    timeout: 30_000,
  });

  // Connect Telegram: the one-time start link is shown; the user opens it and presses Start, which
  // Telegram delivers to the bot as `/start <code>` (here: queued on the stand-in for getUpdates).
  await page.getByRole('button', { name: t.alerts.ui.connectTelegram }).click();
  const open = page.getByRole('link', { name: t.alerts.ui.openTelegram });
  await expect(open).toBeVisible();
  const startUrl = new URL((await open.getAttribute('href')) ?? '');
  expect(startUrl.origin).toBe('https://t.me');
  const code = startUrl.searchParams.get('start');
  expect(code).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
  await expect(page.getByText(t.alerts.ui.waiting)).toBeVisible();
  const pressed = await request.post(`${telegram}/_stand-in/updates`, {
    data: { chatId, text: `/start ${code}`, firstName: chatTitle },
  });
  expect(pressed.ok()).toBe(true);
  // The worker reads the update, connects the chat and greets it; the page sees it by itself.
  await expect(page.getByText(fill(t.alerts.ui.connectedTo, { target: chatTitle }))).toBeVisible({
    timeout: 30_000,
  });
  await expect
    .poll(async () => (await sentTo(request, chatId)).map((m) => m.text))
    .toEqual([t.alerts.message.connected]);

  // The rule: a lost link, to Telegram, at once.
  const rule = page.locator('form[aria-labelledby="alert-rule-title"]');
  await rule.getByRole('checkbox', { name: t.alerts.events.linkLost, exact: true }).check();
  const toTelegram = rule.getByRole('checkbox', { name: t.alerts.channels.telegram, exact: true });
  await expect(toTelegram).toBeEnabled();
  await toTelegram.check();
  await expect(rule.getByRole('radio', { name: t.alerts.ui.immediate })).toBeChecked();
  await rule.getByRole('button', { name: t.alerts.ui.save }).click();
  await expect(rule.getByRole('status')).toHaveText(t.alerts.ui.saved);

  // The editor removed the link: the next check misses it once, the one after reports it lost.
  await ended(first);
  await ended(await startCheck());
  await ended(await startCheck());

  // One grouped message for the task, in the chat, naming the project and the lost link.
  await expect
    .poll(async () => (await sentTo(request, chatId)).length, {
      message: 'the alert reaches the chat',
      timeout: 30_000,
    })
    .toBe(2);
  const [, alert] = await sentTo(request, chatId);
  expect(alert.parse_mode).toBe('HTML');
  expect(alert.text).toContain(`<b>${projectName}: `);
  expect(alert.text).toContain(`• ${fill(t.alerts.message.events.linkLost, { value: '1' })}`);
  expect(alert.text).toContain(lostUrl);
  expect(alert.text).toContain(`/en/alerts/${project}`);
});
