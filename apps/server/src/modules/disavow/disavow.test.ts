import {
  DISAVOW_BYTES_MAX,
  DISAVOW_LINES_MAX,
  DISAVOW_URL_MAX,
  disavowLineProblem,
  LinkListType,
} from '@linkwatch/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disavowVersions, domains, projects } from '../../db/schema/index.ts';
import { makeCampaign, makeLinks, makeMember, makeProject, makeWorkspace } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A workspace whose campaign holds links on a few donors. */
async function world(urls: string[] = []) {
  const w = await makeWorkspace(t.db);
  const links = urls.length > 0 ? await makeLinks(t.db, { campaign: w.campaign, urls }) : [];
  return { ...w, links };
}

async function change(token: string, projectId: number, body: Record<string, unknown>) {
  return t.api('POST', `projects/${projectId}/disavow`, { token, body });
}

async function entriesOf(token: string, projectId: number, version: number) {
  const res = await t.api('GET', `projects/${projectId}/disavow/${version}`, { token });
  expect(res.status, res.text).toBe(200);
  return (res.body.data.attributes.entries as { line: string }[]).map((e) => e.line).sort();
}

describe('changing the disavow list', () => {
  it('turns ticked links into registrable domains (lower case, punycode) or URLs, de-duplicated', async () => {
    const w = await world([
      'https://Blog.Spam-Farm.example.com/post-1',
      'https://www.spam-farm.example.com/post-2',
      'https://пример.рф/статья',
      'https://someone.blogspot.com/2024/paid',
      'https://clean.example.org/page?x=1',
    ]);
    const [a, b, idn, blog, clean] = w.links;
    const v1 = await change(w.token, w.project.id, {
      reason: 'Link farm',
      mode: 'domain',
      links: [a.id, b.id, idn.id, blog.id],
    });
    expect(v1.status, v1.text).toBe(201);
    expect(v1.body.data.attributes).toMatchObject({ number: 1, domains: 3, urls: 0, added: 3, removed: 0 });
    expect(await entriesOf(w.token, w.project.id, 1)).toEqual([
      'domain:example.com',
      'domain:someone.blogspot.com',
      'domain:xn--e1afmkfd.xn--p1ai',
    ]);

    const v2 = await change(w.token, w.project.id, { reason: 'One page', mode: 'url', links: [clean.id] });
    expect(v2.status, v2.text).toBe(201);
    expect(v2.body.data.attributes).toMatchObject({ number: 2, domains: 3, urls: 1, added: 1, removed: 0 });
    expect(await entriesOf(w.token, w.project.id, 2)).toContain('https://clean.example.org/page?x=1');
  });

  it('leaves out a URL (or subdomain) a listed domain covers, and keeps when an entry first came in', async () => {
    const w = await world();
    const v1 = await change(w.token, w.project.id, { reason: 'Spam', add: ['spam.example'] });
    expect(v1.status, v1.text).toBe(201);
    const covered = await change(w.token, w.project.id, {
      reason: 'Covered',
      add: ['https://blog.spam.example/a', 'domain:sub.spam.example', 'SPAM.example'],
    });
    expect(covered.status).toBe(422);
    expect(covered.body.errors.list[0]).toMatch(/Nothing to change/);

    const v2 = await change(w.token, w.project.id, { reason: 'More', add: ['https://other.example/x'] });
    expect(v2.status).toBe(201);
    const first = await t.api('GET', `projects/${w.project.id}/disavow/1`, { token: w.token });
    const second = await t.api('GET', `projects/${w.project.id}/disavow/2`, { token: w.token });
    const spamThen = first.body.data.attributes.entries[0];
    const spamNow = second.body.data.attributes.entries.find(
      (e: { value: string }) => e.value === 'spam.example',
    );
    expect(spamNow).toEqual(spamThen);
    expect(spamNow).toMatchObject({ kind: 'domain', line: 'domain:spam.example', reason: 'Spam' });

    // A domain added later drops the URLs it covers: they count as removed.
    const v3 = await change(w.token, w.project.id, { reason: 'Whole site', add: ['other.example'] });
    expect(v3.body.data.attributes).toMatchObject({ number: 3, domains: 2, urls: 0, added: 1, removed: 1 });
  });

  it('selects the links by the links table’s filters, within the project only', async () => {
    const w = await world(['https://found.example/a', 'https://gone.example/b']);
    await makeLinks(t.db, {
      campaign: w.campaign,
      urls: ['https://history.example/c'],
      values: { listType: LinkListType.History },
    });
    const otherProject = await makeProject(t.db, { userId: w.user.id });
    const otherCampaign = await makeCampaign(t.db, { userId: w.user.id, projectId: otherProject.id });
    await makeLinks(t.db, { campaign: otherCampaign, urls: ['https://elsewhere.example/d'] });

    const all = await change(w.token, w.project.id, { reason: 'All active', filter: {} });
    expect(all.status, all.text).toBe(201);
    expect(await entriesOf(w.token, w.project.id, 1)).toEqual([
      'domain:found.example',
      'domain:gone.example',
    ]);

    const searched = await change(w.token, w.project.id, {
      reason: 'Searched',
      mode: 'url',
      filter: { 'filter[query]': 'history', 'filter[type]': LinkListType.History },
    });
    expect(searched.status, searched.text).toBe(201);
    expect(await entriesOf(w.token, w.project.id, 2)).toContain('https://history.example/c');
  });

  it('takes the spam score from the authority data through the filter', async () => {
    const w = await world([
      'https://spammy.example/a',
      'https://fine.example/b',
      'https://www.unknown.example/c',
    ]);
    await t.db.insert(domains).values([
      { userId: w.user.id, domain: 'spammy.example', spamScore: 61 },
      { userId: w.user.id, domain: 'fine.example', spamScore: 3 },
    ]);
    const res = await change(w.token, w.project.id, {
      reason: 'Spam score above 30',
      filter: { 'filter[spamScoreAbove]': 30 },
    });
    expect(res.status, res.text).toBe(201);
    expect(await entriesOf(w.token, w.project.id, 1)).toEqual(['domain:spammy.example']);
    const none = await change(w.token, w.project.id, {
      reason: 'x',
      filter: { 'filter[spamScoreAbove]': 90 },
    });
    expect(none.status).toBe(422);
    expect(none.body.errors.links).toEqual(['No links of this project are selected']);
  });

  it('removes an entry in a new version; the old version keeps it', async () => {
    const w = await world();
    await change(w.token, w.project.id, { reason: 'Spam', add: ['a.example', 'b.example'] });
    const removed = await change(w.token, w.project.id, {
      reason: 'Cleaned up',
      remove: ['domain:a.example'],
    });
    expect(removed.status, removed.text).toBe(201);
    expect(removed.body.data.attributes).toMatchObject({ number: 2, domains: 1, added: 0, removed: 1 });
    expect(await entriesOf(w.token, w.project.id, 1)).toEqual(['domain:a.example', 'domain:b.example']);
    expect(await entriesOf(w.token, w.project.id, 2)).toEqual(['domain:b.example']);

    const notListed = await change(w.token, w.project.id, {
      reason: 'x',
      remove: ['b.example', 'c.example'],
    });
    expect(notListed.status).toBe(422);
    expect(Object.keys(notListed.body.errors)).toEqual(['remove.1']);
  });

  it('refuses bad input with field messages and saves nothing', async () => {
    const w = await world(['https://donor.example/']);
    const cases: [Record<string, unknown>, string[]][] = [
      [{ reason: '', add: ['a.example'] }, ['reason']],
      [{ reason: 'x'.repeat(501), add: ['a.example'] }, ['reason']],
      [{ reason: 'x', mode: 'page', add: ['a.example'] }, ['mode']],
      [
        { reason: 'x', add: ['ftp://a.example/file', 'a.example/path', 'a.example:8080', 'http://'] },
        ['add.0', 'add.1', 'add.2', 'add.3'],
      ],
      [{ reason: 'x', add: [`https://a.example/${'p'.repeat(DISAVOW_URL_MAX)}`] }, ['add.0']],
      [{ reason: 'x', filter: { 'filter[qualty]': 'bad' } }, ['filter.filter.qualty']],
      [{ reason: 'x', filter: { 'filter[spamScoreAbove]': 'lots' } }, ['filter.filter.spamScoreAbove']],
      [{ reason: 'x' }, ['list']],
    ];
    for (const [body, fields] of cases) {
      const res = await change(w.token, w.project.id, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors).sort(), JSON.stringify(body)).toEqual(fields);
    }
    const long = await change(w.token, w.project.id, {
      reason: 'x',
      add: [`https://a.example/${'p'.repeat(DISAVOW_URL_MAX)}`],
    });
    expect(long.body.errors['add.0']).toEqual(['Google accepts URLs of at most 2,048 characters']);
    const rows = await t.db.select().from(disavowVersions).where(eq(disavowVersions.projectId, w.project.id));
    expect(rows).toEqual([]);
  });

  it('refuses a change that would pass Google’s line limit, saving nothing', {
    timeout: 120_000,
  }, async () => {
    const w = await world();
    const add = Array.from({ length: DISAVOW_LINES_MAX }, (_, i) => `d${i}.example`);
    const res = await change(w.token, w.project.id, { reason: 'Too many', add });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(`The disavow file would pass Google’s limit of ${DISAVOW_LINES_MAX} lines`);
    expect((await t.api('GET', `projects/${w.project.id}/disavow`, { token: w.token })).body.data).toEqual(
      [],
    );
  });

  it('refuses a change that would pass Google’s 2 MB limit', { timeout: 120_000 }, async () => {
    const w = await world();
    // 1,000 URLs of about 2,040 characters: far below the line limit, above 2 MB.
    const count = Math.ceil(DISAVOW_BYTES_MAX / 2000) + 10;
    const add = Array.from({ length: count }, (_, i) => `https://big.example/${i}/${'x'.repeat(2000)}`);
    const res = await change(w.token, w.project.id, { reason: 'Large', add });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('The disavow file would pass Google’s limit of 2 MB');
  });

  it('answers 404 for another account’s project or links, and only reads for a read-only member', async () => {
    const a = await world(['https://a-donor.example/']);
    const b = await world(['https://b-donor.example/']);
    await change(a.token, a.project.id, { reason: 'A', add: ['a-only.example'] });
    for (const path of ['disavow', 'disavow/1', 'disavow/1/file', 'disavow/1/diff'])
      expect((await t.api('GET', `projects/${a.project.id}/${path}`, { token: b.token })).status).toBe(404);
    expect((await change(b.token, a.project.id, { reason: 'B', add: ['b.example'] })).status).toBe(404);
    // B's own project with A's link id: not found, and nothing saved.
    const foreign = await change(b.token, b.project.id, {
      reason: 'B',
      links: [b.links[0].id, a.links[0].id],
    });
    expect(foreign.status).toBe(404);
    expect((await t.api('GET', `projects/${b.project.id}/disavow`, { token: b.token })).body.data).toEqual(
      [],
    );
    // Another project of the same account: its links are not this project's.
    const other = await makeProject(t.db, { userId: a.user.id });
    expect((await change(a.token, other.id, { reason: 'A', links: [a.links[0].id] })).status).toBe(404);

    const reader = await makeMember(t.db, { accountId: a.user.id, permissions: ['projects.read'] });
    expect(
      (await t.api('GET', `projects/${a.project.id}/disavow/1/file`, { token: reader.token })).status,
    ).toBe(200);
    const refused = await change(reader.token, a.project.id, { reason: 'R', add: ['r.example'] });
    expect(refused.status).toBe(403);
    const editor = await makeMember(t.db, {
      accountId: a.user.id,
      permissions: ['projects.read', 'links.manage'],
    });
    const made = await change(editor.token, a.project.id, { reason: 'By a member', add: ['m.example'] });
    expect(made.status).toBe(201);
    expect(made.body.data.attributes).toMatchObject({
      number: 2,
      actorId: editor.user.id,
      actorName: 'Team member',
    });
  });
});

describe('versions, diffs and the file', () => {
  it('lists the versions newest first with their counts, and diffs any two', async () => {
    const w = await world();
    await change(w.token, w.project.id, { reason: 'First', add: ['a.example', 'https://b.example/x'] });
    await change(w.token, w.project.id, { reason: 'Second', add: ['c.example'], remove: ['a.example'] });
    await change(w.token, w.project.id, { reason: 'Third', add: ['d.example'] });

    const list = await t.api('GET', `projects/${w.project.id}/disavow`, { token: w.token });
    expect(list.status).toBe(200);
    expect(list.body.data.map((v: { attributes: unknown }) => v.attributes)).toMatchObject([
      { number: 3, reason: 'Third', domains: 2, urls: 1, added: 1, removed: 0, actorId: w.user.id },
      { number: 2, reason: 'Second', domains: 1, urls: 1, added: 1, removed: 1 },
      { number: 1, reason: 'First', domains: 1, urls: 1, added: 2, removed: 0 },
    ]);

    const previous = await t.api('GET', `projects/${w.project.id}/disavow/2/diff`, { token: w.token });
    expect(previous.body.data).toMatchObject({ from: 1, to: 2 });
    expect(previous.body.data.added.map((e: { line: string }) => e.line)).toEqual(['domain:c.example']);
    expect(previous.body.data.removed.map((e: { line: string }) => e.line)).toEqual(['domain:a.example']);

    const wide = await t.api('GET', `projects/${w.project.id}/disavow/3/diff?from=1`, { token: w.token });
    expect(wide.body.data.added.map((e: { line: string }) => e.line).sort()).toEqual([
      'domain:c.example',
      'domain:d.example',
    ]);
    expect(wide.body.data.removed.map((e: { line: string }) => e.line)).toEqual(['domain:a.example']);

    const first = await t.api('GET', `projects/${w.project.id}/disavow/1/diff`, { token: w.token });
    expect(first.body.data).toMatchObject({ from: null, to: 1 });
    expect(first.body.data.added).toHaveLength(2);

    expect((await t.api('GET', `projects/${w.project.id}/disavow/9`, { token: w.token })).status).toBe(404);
    const badFrom = await t.api('GET', `projects/${w.project.id}/disavow/3/diff?from=7`, { token: w.token });
    expect(badFrom.status).toBe(422);
    expect(
      (await t.api('GET', `projects/${w.project.id}/disavow/3/diff?from=x`, { token: w.token })).status,
    ).toBe(422);
  });

  it('writes Google’s format: checked line by line', async () => {
    const w = await world(['https://paid.example/post', 'https://пример.рф/страница']);
    await t.db.update(projects).set({ name: 'Shop\nwith # odd name' }).where(eq(projects.id, w.project.id));
    await change(w.token, w.project.id, {
      reason: 'Paid links\nfrom a farm',
      mode: 'domain',
      links: [w.links[0].id],
    });
    await change(w.token, w.project.id, {
      reason: 'Bad pages',
      mode: 'url',
      links: [w.links[1].id],
      add: ['https://x.example/a%20b'],
    });

    const res = await t.api('GET', `projects/${w.project.id}/disavow/2/file`, { token: w.token });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="disavow-Shop-with-odd-name-v2.txt"',
    );
    expect(res.text.endsWith('\n')).toBe(true);
    const lines = res.text.slice(0, -1).split('\n');
    const today = new Date().toISOString().slice(0, 10);
    expect(lines[0]).toMatch(
      /^# Linkwatch disavow list, project Shop with # odd name, version 2, \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/,
    );
    expect(lines.slice(2)).toEqual([
      '',
      `# Paid links from a farm (${today})`,
      'domain:paid.example',
      '',
      `# Bad pages (${today})`,
      'https://x.example/a%20b',
      'https://xn--e1afmkfd.xn--p1ai/%D1%81%D1%82%D1%80%D0%B0%D0%BD%D0%B8%D1%86%D0%B0',
    ]);
    for (const line of lines) expect(disavowLineProblem(line), line).toBeNull();
    expect(Buffer.from(res.text, 'utf8').toString('utf8')).toBe(res.text);
  });
});
