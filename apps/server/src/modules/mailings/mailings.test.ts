import { MAILINGS_MAX } from '@linkwatch/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailings } from '../../db/schema/index.ts';
import { makeUserWithToken } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { issueToken, KEPT_TOKENS } from './unsubscribe-token.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const mailingRow = async (id: number) => (await t.db.select().from(mailings).where(eq(mailings.id, id)))[0];

describe('report recipients', () => {
  it('adds, lists, changes and removes recipients, every flag on by default', async () => {
    const { token } = await makeUserWithToken(t.db);
    expect((await t.api('GET', 'mailings', { token })).body.data).toEqual([]);

    const created = await t.api('POST', 'mailings/', {
      token,
      body: { email: 'seo@agency.example', wiki: false },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      type: 'mailings',
      attributes: { email: 'seo@agency.example', actions: true, report: true, wiki: false },
    });
    const id = created.body.data.id;

    const changed = await t.api('PUT', `mailings/${id}`, { token, body: { report: false } });
    expect(changed.body.data.attributes).toMatchObject({
      email: 'seo@agency.example',
      actions: true,
      report: false,
    });

    const list = await t.api('GET', 'mailings', { token });
    expect(list.body.data).toHaveLength(1);
    expect(list.body.meta.page).toMatchObject({ currentPage: 1, total: 1 });

    expect((await t.api('DELETE', `mailings/${id}`, { token })).status).toBe(200);
    expect((await t.api('GET', 'mailings', { token })).body.data).toEqual([]);
    expect((await t.api('DELETE', `mailings/${id}`, { token })).status).toBe(404);
  });

  it('refuses a bad or duplicate address, under the email field', async () => {
    const { token } = await makeUserWithToken(t.db);
    const bad = await t.api('POST', 'mailings/', { token, body: { email: 'not an email' } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.email).toEqual(['The email field must be a valid email']);

    await t.api('POST', 'mailings/', { token, body: { email: 'boss@client.example' } });
    const again = await t.api('POST', 'mailings/', { token, body: { email: 'Boss@Client.example' } });
    expect(again.status).toBe(422);
    expect(again.body.errors.email).toEqual(['The email has already been taken']);

    const other = await t.api('POST', 'mailings/', { token, body: { email: 'other@client.example' } });
    const clash = await t.api('PUT', `mailings/${other.body.data.id}`, {
      token,
      body: { email: 'boss@client.example' },
    });
    expect(clash.status).toBe(422);
  });

  it(`keeps at most ${MAILINGS_MAX} recipients per account`, async () => {
    const { token } = await makeUserWithToken(t.db);
    for (let i = 0; i < MAILINGS_MAX; i++)
      expect(
        (await t.api('POST', 'mailings/', { token, body: { email: `r${i}@team.example` } })).status,
      ).toBe(201);
    const over = await t.api('POST', 'mailings/', { token, body: { email: 'one-more@team.example' } });
    expect(over.status).toBe(422);
    expect(over.body.errors.email[0]).toContain(String(MAILINGS_MAX));
  });

  it("never shows or changes another user's recipient", async () => {
    const owner = await makeUserWithToken(t.db);
    const stranger = await makeUserWithToken(t.db);
    const created = await t.api('POST', 'mailings/', {
      token: owner.token,
      body: { email: 'private@owner.example' },
    });
    const id = created.body.data.id;
    expect((await t.api('GET', 'mailings', { token: stranger.token })).body.data).toEqual([]);
    expect((await t.api('GET', `mailings/${id}`, { token: stranger.token })).status).toBe(404);
    expect(
      (await t.api('PUT', `mailings/${id}`, { token: stranger.token, body: { report: false } })).status,
    ).toBe(404);
    expect((await t.api('DELETE', `mailings/${id}`, { token: stranger.token })).status).toBe(404);
    expect(await mailingRow(id)).toMatchObject({ report: true });
    expect((await t.api('GET', 'mailings')).status).toBe(401);
  });
});

describe('unsubscribe', () => {
  async function recipient() {
    const { user, token } = await makeUserWithToken(t.db);
    const created = await t.api('POST', 'mailings/', {
      token,
      body: { email: `r${Date.now()}@list.example` },
    });
    return { user, token, id: created.body.data.id as number };
  }

  it('switches off one kind of mail with a valid token, or all of them without a type', async () => {
    const { id } = await recipient();
    const token = await issueToken(t.db, id);
    const one = await t.api('POST', 'mailings/unsubscribe', { body: { token, type: 'report' } });
    expect(one.status).toBe(200);
    expect(one.body.data.attributes).toMatchObject({ actions: true, report: false, wiki: true });

    const all = await t.api('POST', 'mailings/unsubscribe', { body: { token } });
    expect(all.body.data.attributes).toMatchObject({ actions: false, report: false, wiki: false });
    expect((await mailingRow(id)).unsubscribeTokenHash).not.toContain(token.split('.')[1]);
  });

  it('answers the spec message for a wrong, forged or foreign token', async () => {
    const { id } = await recipient();
    const real = await issueToken(t.db, id);
    const [, secret] = real.split('.');
    for (const token of ['nonsense', `${id}.${'x'.repeat(43)}`, `${id + 1}.${secret}`, '']) {
      const res = await t.api('POST', 'mailings/unsubscribe', { body: { token, type: 'report' } });
      expect(res.status).toBe(422);
      expect(res.body.message).toBe('Error. Please try again.');
    }
    const ru = await t.api('POST', 'mailings/unsubscribe', { body: { token: 'nonsense' }, locale: 'ru' });
    expect(ru.body.message).toBe('Ошибка. Пожалуйста, попробуйте ещё раз.');
    expect(await mailingRow(id)).toMatchObject({ actions: true, report: true, wiki: true });
  });

  it(`keeps the links of the last ${KEPT_TOKENS} mails working, and none after the address changes`, async () => {
    const { id, token: auth } = await recipient();
    const oldest = await issueToken(t.db, id);
    const recent = await issueToken(t.db, id);
    for (let i = 0; i < KEPT_TOKENS - 1; i++) await issueToken(t.db, id);
    expect((await t.api('POST', 'mailings/unsubscribe', { body: { token: oldest } })).status).toBe(422);
    expect(
      (await t.api('POST', 'mailings/unsubscribe', { body: { token: recent, type: 'wiki' } })).status,
    ).toBe(200);

    await t.api('PUT', `mailings/${id}`, { token: auth, body: { email: 'new-person@list.example' } });
    expect((await t.api('POST', 'mailings/unsubscribe', { body: { token: recent } })).status).toBe(422);
  });

  it('takes a one-click unsubscribe from a mail provider (RFC 8058)', async () => {
    const { id } = await recipient();
    const token = await issueToken(t.db, id);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/mailings/unsubscribe/one-click?token=${encodeURIComponent(token)}&type=actions`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(await mailingRow(id)).toMatchObject({ actions: false, report: true });
    const opened = await t.app.inject({
      method: 'GET',
      url: `/api/mailings/unsubscribe/one-click?token=${token}`,
    });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(`http://app.test/unsubscribe?token=${token}`);
  });
});
