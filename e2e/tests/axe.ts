import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { ActionCode, TaskStatus } from '../../packages/shared/src/constants.ts';
import { createConfirmedUser, type Locale, newUser, type TestUser } from './support.ts';

// issue 10: axe on every main page and modal, in every language; serious and critical violations fail.
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING = new Set(['serious', 'critical']);

/** Waits for the page's entry animations and transitions to end: a fading text would read as low contrast. */
export async function settled(locator: Locator): Promise<void> {
  await expect(locator).toBeVisible();
  await locator.page().evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

type NodeResult = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number]['nodes'][number];

/** For a contrast failure, the colours axe measured: what to change to fix it. */
function contrastOf(node: NodeResult): string {
  const data = node.any[0]?.data as
    | { fgColor?: string; bgColor?: string; contrastRatio?: number }
    | undefined;
  return data?.contrastRatio ? ` (${data.fgColor} on ${data.bgColor}: ${data.contrastRatio}:1)` : '';
}

/** Serious and critical violations, each once with every place it was seen. */
export class Findings {
  private readonly seen = new Map<string, Set<string>>();

  /** Scans the page, or only `within` (a dialog: the page behind it is scanned on its own). */
  async scan(page: Page, where: string, within?: string): Promise<void> {
    // The app has no frames: legacy mode runs axe in the page itself instead of finishing each run in a
    // new blank page, and only violations are reported in full. Both cut a scan's time about in half.
    const builder = new AxeBuilder({ page })
      .withTags(TAGS)
      .setLegacyMode(true)
      .options({ resultTypes: ['violations'] });
    if (within) builder.include(within);
    const { violations } = await builder.analyze();
    for (const violation of violations) {
      if (!FAILING.has(violation.impact ?? '')) continue;
      for (const node of violation.nodes) {
        const key = `${violation.id} (${violation.impact}) at ${node.target.join(' ')}${contrastOf(node)}`;
        this.seen.set(key, (this.seen.get(key) ?? new Set()).add(where));
      }
    }
  }

  list(): string[] {
    return [...this.seen].map(([key, pages]) => `${key} on ${[...pages].join(', ')}`);
  }

  expectNone(): void {
    const list = this.list();
    expect(list, list.join('\n')).toEqual([]);
  }
}

/** The sample web's pages (served by the demo on loopback): found, nofollow, missing, 404, robots, noindex. */
export const SAMPLE_PATHS = [
  '/blog/best-online-shops',
  '/reviews/demo-shop',
  '/forum/thread-42',
  '/deleted-post',
  '/blocked/by-robots',
  '/private/noindex',
];

export type Account = {
  user: TestUser;
  auth: Record<string, string>;
  project: string;
  campaign: string;
  tasks: string[];
};

/**
 * An account in `locale` with a project on the demo shop's domain, a campaign "Reviews" of the sample
 * pages (`paths`, SAMPLE_PATHS unless given) and a second campaign "Archive" (a target to move links
 * to), made through the API. A backlink check and an index check of "Reviews" are started and left to run (a few seconds): `finished` waits.
 */
export async function makeAccount(
  request: APIRequestContext,
  locale: Locale,
  paths: readonly string[] = SAMPLE_PATHS,
): Promise<Account> {
  const user = newUser(locale);
  await createConfirmedUser(request, user);
  const headers = { Accept: 'application/json', 'x-localization': locale };
  const login = await request.post('/api/auth/login', {
    headers,
    data: { email: user.email, password: user.password },
  });
  const auth = { ...headers, Authorization: `Bearer ${(await login.json()).data.attributes.accessToken}` };
  const created = await request.post('/api/projects/', {
    headers: auth,
    data: { domains: ['demo-shop.com'], name: 'Shop', campaignName: 'Reviews' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const body = await created.json();
  const project = String(body.data.id);
  const campaign = String(body.included[0].id);
  const second = await request.post('/api/campaigns/', {
    headers: auth,
    data: { project: Number(project), name: 'Archive', tier: 1 },
  });
  expect(second.status(), await second.text()).toBe(201);
  const origin = `http://127.0.0.1:${process.env.E2E_DEMO_WEB_PORT}`;
  const lines = paths.map((path) => `${origin}${path}`).join('\n');
  const upload = await request.post('/api/links/upload', {
    headers: auth,
    multipart: { campaign, file: { name: 'links.txt', mimeType: 'text/plain', buffer: Buffer.from(lines) } },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  const tasks: string[] = [];
  for (const action of [ActionCode.CheckBacklinks, ActionCode.CheckIndexing]) {
    const started = await request.post(`/api/actions/${action}/start?campaign=${campaign}`, {
      headers: auth,
    });
    expect(started.ok(), await started.text()).toBe(true);
    tasks.push(String((await started.json()).data.id));
  }
  return { user, auth, project, campaign, tasks };
}

/** Waits for the account's checks to end (done or failed). */
export async function finished(request: APIRequestContext, account: Account): Promise<void> {
  for (const id of account.tasks) {
    await expect
      .poll(
        async () => {
          const task = await request.get(`/api/actions/${id}`, { headers: account.auth });
          const status = (await task.json()).data.attributes.statusId;
          return status === TaskStatus.Done || status === TaskStatus.Fail;
        },
        { message: `task ${id} ends`, timeout: 45_000 },
      )
      .toBe(true);
  }
}
