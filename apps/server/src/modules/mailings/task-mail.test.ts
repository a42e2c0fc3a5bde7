import { ActionCode } from '@linkwatch/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DonorWeb, donorHtml, startDonorWeb } from '../../test/donor-web.ts';
import { makeCampaign, makeLinks, makeProject, makeUserWithToken } from '../../test/factories.ts';
import { linkIn } from '../../test/smtp-sink.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let web: DonorWeb;
beforeAll(async () => {
  t = await createTestApp();
  web = await startDonorWeb();
});
afterAll(async () => {
  await web.close();
  await t.close();
});

const acceptor = 'shop.example.com';

/** A Russian-speaking user whose campaign has one donor page, and a start-and-finish helper. */
async function russianCampaign(path: string) {
  const { user, token } = await makeUserWithToken(t.db, { balance: 100, locale: 'ru' });
  const project = await makeProject(t.db, { userId: user.id, domains: [acceptor], name: 'Магазин' });
  const campaign = await makeCampaign(t.db, { userId: user.id, projectId: project.id, name: 'Статьи' });
  await makeLinks(t.db, { campaign, urls: [web.url(path)] });
  const check = async () => {
    const res = await t.api('POST', `actions/${ActionCode.CheckBacklinks}/start?campaign=${campaign.id}`, {
      token,
    });
    expect(res.status).toBe(201);
    await t.drain();
    return res.body.data.id as number;
  };
  const addRecipient = async (body: Record<string, unknown>) =>
    (await t.api('POST', 'mailings/', { token, body })).body.data.id as number;
  return { user, token, project, campaign, check, addRecipient };
}

describe('mail when a check task ends', () => {
  it('sends the report in the owner language, with an unsubscribe link that works', async () => {
    const path = `/mail${Date.now()}`;
    web.set(path, donorHtml({ title: 'Обзор', links: [`<a href="https://${acceptor}/">магазин</a>`] }));
    const s = await russianCampaign(path);
    await s.addRecipient({ email: 'team@agency.example' });
    await s.addRecipient({ email: 'cfo@agency.example', report: false });
    await s.addRecipient({ email: 'quiet@agency.example', actions: false, report: false });

    const actionId = await s.check();
    const [mail] = t.smtp.to('team@agency.example');
    expect(mail.subject).toBe('Отчёт по обратным ссылкам, Статьи: потеряно 0, найдено 1');
    expect(mail.text).toContain(
      'Задача «Проверка обратных ссылок» для кампании Статьи (проект Магазин) завершена.',
    );
    expect(mail.text).toContain('Задача стоила 1 кредит.');
    expect(mail.text).toContain(`Найдена: ${web.url(path)}`);
    expect(linkIn(mail, '/report')).toBe(
      `http://app.test/ru/report?project=${s.project.id}&action=${actionId}`,
    );
    expect(mail.html).toContain('href="http://app.test/ru/unsubscribe?token=');
    expect(mail.headerLines.find((h) => h.key === 'list-unsubscribe')?.line).toMatch(
      /api\/mailings\/unsubscribe\/one-click\?token=.+&type=report/,
    );

    // Only task facts for a recipient who does not want reports; nothing for one who wants neither.
    const [cfo] = t.smtp.to('cfo@agency.example');
    expect(cfo.subject).toBe('Задача «Проверка обратных ссылок» завершена: Статьи');
    expect(cfo.text).not.toContain('Что изменилось');
    expect(t.smtp.to('quiet@agency.example')).toEqual([]);

    // The /unsubscribe page posts the link's token and type.
    const link = new URL(linkIn(mail, 'type=report'));
    expect(link.pathname).toBe('/ru/unsubscribe');
    const res = await t.api('POST', 'mailings/unsubscribe', {
      body: { token: link.searchParams.get('token'), type: link.searchParams.get('type') },
      locale: 'ru',
    });
    expect(res.body.data.attributes).toMatchObject({
      email: 'team@agency.example',
      report: false,
      actions: true,
    });

    web.set(path, donorHtml({ title: 'Новый обзор', links: [`<a href="https://${acceptor}/">магазин</a>`] }));
    await s.check();
    const next = t.smtp.to('team@agency.example')[1];
    expect(next.subject).toBe('Задача «Проверка обратных ссылок» завершена: Статьи');
    expect(next.text).not.toContain('Что изменилось');
    expect(next.text).not.toContain('Новый обзор');
    expect(next.text).toContain('/ru/unsubscribe?token=');
    expect(next.text).toContain('type=actions');

    // The link of the first mail still works after a newer mail went out.
    const all = await t.api('POST', 'mailings/unsubscribe', {
      body: { token: link.searchParams.get('token') },
    });
    expect(all.body.data.attributes).toMatchObject({ actions: false, report: false, wiki: false });
    await s.check();
    expect(t.smtp.to('team@agency.example')).toHaveLength(2);
  });

  it('mails only recipients of the task owner, and nobody for tasks that are not checks', async () => {
    const path = `/owner${Date.now()}`;
    web.set(path, donorHtml({ links: [`<a href="https://${acceptor}/">x</a>`] }));
    const s = await russianCampaign(path);
    const stranger = await makeUserWithToken(t.db);
    await t.api('POST', 'mailings/', { token: stranger.token, body: { email: 'stranger@else.example' } });
    await s.addRecipient({ email: 'mine@owner.example' });

    await s.check();
    expect(t.smtp.to('mine@owner.example')).toHaveLength(1);
    expect(t.smtp.to('stranger@else.example')).toEqual([]);

    const links = await t.api('GET', `links?filter[campaign]=${s.campaign.id}`, { token: s.token });
    const move = await t.api(
      'POST',
      `actions/${ActionCode.AddToHistory}/start?links[]=${links.body.data[0].id}`,
      {
        token: s.token,
      },
    );
    expect(move.status).toBe(201);
    await t.drain();
    expect(t.smtp.to('mine@owner.example')).toHaveLength(1);
  });
});
