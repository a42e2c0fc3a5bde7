import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeLinks, makeWorkspace } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/** The five kinds of input that used to answer 500 (issue 8), each a 422 naming its field. */
let t: TestApp;
let w: Awaited<ReturnType<typeof makeWorkspace>>;

beforeAll(async () => {
  t = await createTestApp();
  w = await makeWorkspace(t.db);
  await makeLinks(t.db, { campaign: w.campaign, urls: ['https://donor.example/a'] });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, locale = 'en') => t.api('GET', url, { token: w.token, locale });

describe('malformed input', () => {
  it('refuses ids beyond the integer range in filters, id lists, move targets and paths', async () => {
    const huge = '99999999999999999999';
    const links = await get(`links?filter[campaign]=${huge}`);
    expect(links.status).toBe(422);
    expect(links.body.errors['filter.campaign']).toEqual(['The filter field is invalid']);
    expect((await get(`anchors?filter[project]=2147483648`)).body.errors).toHaveProperty('filter.project');
    expect((await get(`links/export?links[]=${huge}`)).body.errors).toHaveProperty('links');
    const move = await t.api('POST', `links/move?campaign=${huge}&links[]=1`, { token: w.token });
    expect(move.status).toBe(422);
    expect(move.body.errors).toHaveProperty('campaign');
    expect((await get(`projects/${huge}`)).status).toBe(422);
    // The largest id is still an id: not found, not refused.
    expect((await get('projects/2147483647')).status).toBe(404);
  });

  it('refuses a page number past the last possible page, or not written in digits', async () => {
    for (const number of ['1e308', '1000001', '0x10', '-1']) {
      const res = await get(`links?page[number]=${number}`);
      expect(res.status, number).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual(['page.number']);
    }
    expect((await get('links?page[number]=1000000')).body.data).toEqual([]);
  });

  it('refuses dates outside 1970 to 9999, and days that do not exist, with one message', async () => {
    for (const query of [
      'links?filter[createdFrom]=-271821-04-20',
      'links?filter[checkedTo]=%2B275760-09-13',
      'links?filter[createdTo]=2024-02-30',
      `reports/links?filter[project]=${w.project.id}&filter[dateFrom]=10000-01-01`,
      'actions?filter[date]=1969-12-31',
    ]) {
      const res = await get(query);
      expect(res.status, query).toBe(422);
      expect(Object.values(res.body.errors)[0], query).toEqual([
        'The filter field must be a valid date between 1970 and 9999',
      ]);
    }
    const ru = await get('links?filter[createdFrom]=-271821-04-20', 'ru');
    expect(ru.body.errors['filter.createdFrom']).toEqual([
      'Поле фильтр должно быть корректной датой между 1970 и 9999 годами',
    ]);
    expect((await get('links?filter[createdFrom]=2024-02-29&filter[checkedTo]=9999-12-31')).status).toBe(200);
    const lastDay = `reports/links?filter[project]=${w.project.id}&filter[dateTo]=9999-12-31`;
    expect((await get(lastDay)).status).toBe(200);
    expect((await get('actions?filter[date]=9999-12-31')).status).toBe(422);
  });

  it('refuses a NUL character in names, comments and text filters', async () => {
    const rename = await t.api('PUT', `campaigns/${w.campaign.id}`, {
      token: w.token,
      body: { name: 'Guest\u0000posts' },
    });
    expect(rename.status).toBe(422);
    expect(rename.body.errors.name).toEqual(['The name field may not contain a null character (U+0000)']);
    const project = await t.api('POST', 'projects/', {
      token: w.token,
      locale: 'ua',
      body: { domains: ['shop.example.com'], name: 'Shop\u0000', campaignName: 'First' },
    });
    expect(project.body.errors.name).toEqual(["Поле ім'я не може містити нульовий символ (U+0000)"]);
    expect((await get('links?filter[query]=a%00b')).body.errors).toHaveProperty('filter.query');
  });

  it('answers a JSON body that is not an object with a 422, not a TypeError', async () => {
    for (const [url, body] of [
      ['auth/register', 'null'],
      ['auth/reset-password', 'null'],
      ['user/change-password', '[]'],
      ['projects/', '"text"'],
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/${url}`,
        headers: { authorization: `Bearer ${w.token}`, 'content-type': 'application/json' },
        payload: body,
      });
      expect(res.statusCode, url).toBe(422);
      expect(res.json(), url).toEqual({
        message: 'The given data was invalid.',
        errors: { _: ['The request body must be a JSON object'] },
      });
    }
  });

  it('answers a multipart body that is not well formed with a 422 on both upload routes, not a 500', async () => {
    const boundary = '----linkwatchcut';
    const cut = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nhttps://a.example/\r\n`;
    const bodies: { name: string; type: string; payload: string }[] = [
      { name: 'no boundary', type: 'multipart/form-data', payload: 'garbage' },
      {
        name: 'a boundary never found',
        type: `multipart/form-data; boundary=${boundary}`,
        payload: 'garbage',
      },
      { name: 'a file part cut short', type: `multipart/form-data; boundary=${boundary}`, payload: cut },
    ];
    for (const url of ['links/upload', 'crawlers/upload'])
      for (const body of bodies) {
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/${url}`,
          headers: { authorization: `Bearer ${w.token}`, 'content-type': body.type },
          payload: body.payload,
        });
        expect(res.statusCode, `${url}: ${body.name}`).toBe(422);
        expect(res.json(), `${url}: ${body.name}`).toEqual({
          message: 'The given data was invalid.',
          errors: { _: [expect.stringMatching(/^The upload is not well-formed multipart\/form-data/)] },
        });
      }
  });

  it('answers a second file part with a 422 naming it, not a 413', async () => {
    const boundary = '----linkwatchtwo';
    const field = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const file = (name: string, filename: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\n\r\nhttps://a.example/\r\n`;
    const forms = [
      { url: 'links/upload', fields: field('campaign', String(w.campaign.id)), ext: 'txt' },
      {
        url: 'crawlers/upload',
        fields: field('project', String(w.project.id)) + field('source', '3'),
        ext: 'csv',
      },
    ];
    for (const form of forms) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/${form.url}`,
        headers: {
          authorization: `Bearer ${w.token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload: `${form.fields}${file('file', `a.${form.ext}`)}${file('more', `b.${form.ext}`)}--${boundary}--\r\n`,
      });
      expect(res.statusCode, form.url).toBe(422);
      expect(res.json().errors, form.url).toEqual({
        file: [
          `Send one file only, as the field "file": the part "more" (b.${form.ext}) is one file too many.`,
        ],
      });
    }
  });
});
