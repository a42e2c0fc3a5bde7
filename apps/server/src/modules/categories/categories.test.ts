import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUserWithToken } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const project = (extra: Record<string, unknown>) => ({
  domains: [`c${Math.random().toString(36).slice(2, 8)}.example`],
  projectName: 'Site',
  campaignName: 'First',
  ...extra,
});

describe('categories (spec point 2, category modals)', () => {
  it('creates a project in an existing, a new or no category', async () => {
    const { token } = await makeUserWithToken(t.db);
    const shops = await t.api('POST', 'categories/', { token, body: { name: 'Shops' } });
    expect(shops.status).toBe(201);
    expect(shops.body.data).toMatchObject({
      type: 'categories',
      attributes: { name: 'Shops', projectsCount: 0 },
    });

    const inExisting = await t.api('POST', 'projects/', {
      token,
      body: project({ category: shops.body.data.id }),
    });
    expect(inExisting.status).toBe(201);
    expect(inExisting.body.data.attributes).toMatchObject({
      categoryId: shops.body.data.id,
      categoryName: 'Shops',
    });
    const inNew = await t.api('POST', 'projects/', { token, body: project({ categoryName: 'Blogs' }) });
    expect(inNew.body.data.attributes.categoryName).toBe('Blogs');
    // A new category named like one the user has goes into that one, whatever the case.
    const same = await t.api('POST', 'projects/', { token, body: project({ categoryName: 'shops' }) });
    expect(same.body.data.attributes.categoryId).toBe(shops.body.data.id);
    const none = await t.api('POST', 'projects/', { token, body: project({ category: null }) });
    expect(none.body.data.attributes).toMatchObject({ categoryId: null, categoryName: null });

    const list = await t.api('GET', 'categories', { token });
    expect(
      list.body.data.map((c: { attributes: { name: string; projectsCount: number } }) => c.attributes),
    ).toEqual([
      expect.objectContaining({ name: 'Blogs', projectsCount: 1 }),
      expect.objectContaining({ name: 'Shops', projectsCount: 2 }),
    ]);
    const projects = await t.api('GET', 'projects?page[size]=100', { token });
    expect(
      projects.body.data
        .map((p: { attributes: { categoryName: string | null } }) => p.attributes.categoryName)
        .sort(),
    ).toEqual(['Blogs', 'Shops', 'Shops', null].sort());
  });

  it('deletes a category and keeps its projects, uncategorised', async () => {
    const { token } = await makeUserWithToken(t.db);
    const created = await t.api('POST', 'projects/', { token, body: project({ categoryName: 'Clients' }) });
    const categoryId = created.body.data.attributes.categoryId as number;
    expect((await t.api('DELETE', `categories/${categoryId}`, { token })).status).toBe(200);
    const after = await t.api('GET', `projects/${created.body.data.id}`, { token });
    expect(after.status).toBe(200);
    expect(after.body.data.attributes).toMatchObject({ categoryId: null, categoryName: null });
    expect((await t.api('GET', 'categories', { token })).body.data).toEqual([]);
    expect((await t.api('DELETE', `categories/${categoryId}`, { token })).status).toBe(404);
  });

  it('moves a project between categories, and out of them', async () => {
    const { token } = await makeUserWithToken(t.db);
    const a = await t.api('POST', 'categories/', { token, body: { name: 'A' } });
    const created = await t.api('POST', 'projects/', { token, body: project({}) });
    const url = `projects/${created.body.data.id}`;
    const moved = await t.api('PUT', url, { token, body: { category: a.body.data.id } });
    expect(moved.body.data.attributes.categoryName).toBe('A');
    const out = await t.api('PUT', url, { token, body: { category: null } });
    expect(out.body.data.attributes.categoryId).toBeNull();
  });

  it('refuses a duplicate name, an empty one and another user’s category, in the reader’s language', async () => {
    const { token } = await makeUserWithToken(t.db);
    const other = await makeUserWithToken(t.db);
    const theirs = await t.api('POST', 'categories/', { token: other.token, body: { name: 'Theirs' } });
    await t.api('POST', 'categories/', { token, body: { name: 'Agency' } });
    const taken = {
      en: 'You already have a category with this name.',
      ru: 'У вас уже есть категория с таким названием.',
      ua: 'У вас уже є категорія з такою назвою.',
    };
    for (const [locale, message] of Object.entries(taken)) {
      const dup = await t.api('POST', 'categories/', { token, locale, body: { name: 'AGENCY' } });
      expect(dup.status).toBe(422);
      expect(dup.body.errors.name).toEqual([message]);
    }
    expect((await t.api('POST', 'categories/', { token, body: { name: '  ' } })).body.errors).toHaveProperty(
      'name',
    );
    const foreign = await t.api('POST', 'projects/', {
      token,
      body: project({ category: theirs.body.data.id }),
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors).toHaveProperty('category');
    expect((await t.api('DELETE', `categories/${theirs.body.data.id}`, { token })).status).toBe(404);
    expect((await t.api('GET', `categories/${theirs.body.data.id}`, { token })).status).toBe(404);
    expect((await t.api('GET', 'categories', { token: other.token })).body.data).toHaveLength(1);
  });
});
