import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createChecker } from '@linkwatch/checker';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { projects } from '../../db/schema/index.ts';
import { isIndexNowKey } from '../../providers/indexing/indexnow-key.ts';
import { makeProject, makeUserWithToken } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { storeKeyUnlessSet } from './index-now.queries.ts';
import { readyIndexNowKey } from './index-now.service.ts';

/** A user's site on loopback: answers each path from `files`, 404 for the rest, and counts requests. */
interface Site {
  host: string;
  files: Map<string, { status?: number; body: string }>;
  requests: string[];
  close(): Promise<void>;
}

async function startSite(): Promise<Site> {
  const files = new Map<string, { status?: number; body: string }>();
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(req.url ?? '');
    const file = files.get(req.url ?? '');
    res.writeHead(file?.status ?? (file ? 200 : 404), { 'content-type': 'text/plain; charset=utf-8' });
    res.end(file?.body ?? 'Not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: `127.0.0.1:${port}`,
    files,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

let t: TestApp;
let site: Site;
beforeAll(async () => {
  // Tests reach the loopback site the way the offline demo and CI do: private networks allowed.
  t = await createTestApp({ env: { CHECKER_ALLOW_PRIVATE_NETWORKS: '1', INDEXNOW_ENABLED: '1' } });
  site = await startSite();
});
afterAll(async () => {
  await site.close();
  await t.close();
});
beforeEach(() => {
  site.files.clear();
  site.requests.length = 0;
});

async function ownProject() {
  const { user, token } = await makeUserWithToken(t.db);
  const project = await makeProject(t.db, { userId: user.id, domains: [site.host] });
  return { user, token, project };
}

async function readKey(token: string, projectId: number) {
  const res = await t.api('GET', `projects/${projectId}/index-now`, { token });
  expect(res.status).toBe(200);
  return res.body.data.attributes as {
    enabled: boolean;
    key: string;
    keyFileUrl: string;
    verifiedAt: string | null;
  };
}

async function storedVerifiedAt(projectId: number) {
  const [row] = await t.db
    .select({ at: projects.indexNowVerifiedAt })
    .from(projects)
    .where(eq(projects.id, projectId));
  return row.at;
}

describe('GET projects/:id/index-now', () => {
  it('makes the key on the first read and answers the same one after', async () => {
    const { token, project } = await ownProject();
    const [first, second] = await Promise.all([readKey(token, project.id), readKey(token, project.id)]);
    expect(isIndexNowKey(first.key)).toBe(true);
    expect(second.key).toBe(first.key);
    expect((await readKey(token, project.id)).key).toBe(first.key);
    expect(first).toEqual({
      enabled: true,
      key: first.key,
      keyFileUrl: `https://${site.host}/${first.key}.txt`,
      verifiedAt: null,
    });
  });

  it('keeps the key stored first when two first reads race', async () => {
    const { project } = await ownProject();
    expect(await storeKeyUnlessSet(t.db, { projectId: project.id, key: 'aaaaaaaa-first' })).toBe(
      'aaaaaaaa-first',
    );
    expect(await storeKeyUnlessSet(t.db, { projectId: project.id, key: 'bbbbbbbb-second' })).toBe(
      'aaaaaaaa-first',
    );
  });

  it("answers 404 for another user's project, and makes no key for it", async () => {
    const { project } = await ownProject();
    const { token: stranger } = await makeUserWithToken(t.db);
    expect((await t.api('GET', `projects/${project.id}/index-now`, { token: stranger })).status).toBe(404);
    expect((await t.api('POST', `projects/${project.id}/index-now/verify`, { token: stranger })).status).toBe(
      404,
    );
    const [row] = await t.db.select().from(projects).where(eq(projects.id, project.id));
    expect(row.indexNowKey).toBeNull();
  });
});

describe('POST projects/:id/index-now/verify', () => {
  it('stores the time when the file holds the key', async () => {
    const { token, project } = await ownProject();
    const { key } = await readKey(token, project.id);
    // A byte-order mark and a trailing newline are how many editors save it.
    site.files.set(`/${key}.txt`, { body: `\uFEFF${key}\n` });
    const res = await t.api('POST', `projects/${project.id}/index-now/verify`, { token });
    expect(res.status).toBe(200);
    expect(res.body.data.attributes.verifiedAt).toEqual(expect.any(String));
    expect((await readKey(token, project.id)).verifiedAt).toBe(res.body.data.attributes.verifiedAt);
  });

  it('says the file is missing, naming its URL, and forgets an earlier success', async () => {
    const { token, project } = await ownProject();
    const { key } = await readKey(token, project.id);
    site.files.set(`/${key}.txt`, { body: key });
    expect((await t.api('POST', `projects/${project.id}/index-now/verify`, { token })).status).toBe(200);

    site.files.clear();
    const res = await t.api('POST', `projects/${project.id}/index-now/verify`, { token });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(
      `No key file at http://${site.host}/${key}.txt: the site answered HTTP 404. Upload the file there and check again.`,
    );
    expect(await storedVerifiedAt(project.id)).toBeNull();

    const ru = await t.api('POST', `projects/${project.id}/index-now/verify`, { token, locale: 'ru' });
    expect(ru.body.message).toBe(
      `Файла ключа нет по адресу http://${site.host}/${key}.txt: сайт ответил HTTP 404. Загрузите файл туда и проверьте снова.`,
    );
  });

  it('says the file holds something else', async () => {
    const { token, project } = await ownProject();
    const { key } = await readKey(token, project.id);
    site.files.set(`/${key}.txt`, { body: 'another-projects-key' });
    const res = await t.api('POST', `projects/${project.id}/index-now/verify`, { token });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(
      `The file at http://${site.host}/${key}.txt does not hold the project key. It must contain only ${key}.`,
    );
    expect(await storedVerifiedAt(project.id)).toBeNull();
  });

  it('says a site that answers with an error status was not read', async () => {
    const { token, project } = await ownProject();
    const { key } = await readKey(token, project.id);
    site.files.set(`/${key}.txt`, { status: 503, body: key });
    const res = await t.api('POST', `projects/${project.id}/index-now/verify`, { token });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(
      `http://${site.host}/${key}.txt answered HTTP 503 instead of the key file.`,
    );
  });
});

describe('readyIndexNowKey', () => {
  const ctx = () => ({ db: t.db, checker: t.checker });

  it('trusts the main domain once its file was found, without asking the site again', async () => {
    const { project } = await ownProject();
    const missing = await readyIndexNowKey(ctx(), { projectId: project.id, host: site.host });
    const [{ key }] = await t.db
      .select({ key: projects.indexNowKey })
      .from(projects)
      .where(eq(projects.id, project.id));
    expect(missing).toEqual({
      ok: false,
      message: `No key file at http://${site.host}/${key}.txt: the site answered HTTP 404. Upload the file there and check again.`,
    });

    site.files.set(`/${key}.txt`, { body: key ?? '' });
    expect(await readyIndexNowKey(ctx(), { projectId: project.id, host: site.host })).toEqual({
      ok: true,
      key: { key },
    });
    expect(await storedVerifiedAt(project.id)).toBeInstanceOf(Date);

    site.files.clear();
    site.requests.length = 0;
    expect(await readyIndexNowKey(ctx(), { projectId: project.id, host: site.host })).toEqual({
      ok: true,
      key: { key },
    });
    expect(site.requests).toEqual([]);
  });

  it('looks for the file on another host every time, and stores nothing for it', async () => {
    const { project } = await ownProject();
    const other = site.host.replace('127.0.0.1', 'localhost');
    const first = await readyIndexNowKey(ctx(), { projectId: project.id, host: other });
    expect(first).toMatchObject({ ok: false, message: expect.stringContaining(`http://${other}/`) });

    const [{ key }] = await t.db
      .select({ key: projects.indexNowKey })
      .from(projects)
      .where(eq(projects.id, project.id));
    site.files.set(`/${key}.txt`, { body: key ?? '' });
    expect(await readyIndexNowKey(ctx(), { projectId: project.id, host: other })).toEqual({
      ok: true,
      key: { key },
    });
    expect(await storedVerifiedAt(project.id)).toBeNull();
    site.files.clear();
    expect(await readyIndexNowKey(ctx(), { projectId: project.id, host: other })).toMatchObject({
      ok: false,
    });
  });
});

describe('with private networks refused (the default)', () => {
  let guarded: TestApp;
  beforeAll(async () => {
    guarded = await createTestApp();
  });
  afterAll(() => guarded.close());

  it('does not read a key file on a loopback address, through the API or for a task', async () => {
    const { user, token } = await makeUserWithToken(guarded.db);
    const project = await makeProject(guarded.db, { userId: user.id, domains: [site.host] });
    const attributes = (await guarded.api('GET', `projects/${project.id}/index-now`, { token })).body.data
      .attributes;
    expect(attributes.enabled).toBe(false);
    site.files.set(`/${attributes.key}.txt`, { body: attributes.key });

    const res = await guarded.api('POST', `projects/${project.id}/index-now/verify`, { token });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(
      `https://${site.host}/${attributes.key}.txt was not read: ${site.host} is a private or reserved network address.`,
    );

    const checker = createChecker({ parseThreads: 0 });
    try {
      const byName = site.host.replace('127.0.0.1', 'localhost');
      for (const host of [site.host, byName]) {
        const ready = await readyIndexNowKey({ db: guarded.db, checker }, { projectId: project.id, host });
        expect(ready).toMatchObject({ ok: false, message: expect.stringContaining('private or reserved') });
      }
    } finally {
      await checker.close();
    }
    expect(site.requests).toEqual([]);
  });
});
