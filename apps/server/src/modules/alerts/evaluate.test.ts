import { TaskStatus } from '@linkwatch/shared';
import { describe, expect, it } from 'vitest';
import { applyRule, type ChangeLine, eventsOfChange, SAMPLES_PER_EVENT, summarise } from './evaluate.ts';
import { renderAlert, TELEGRAM_MAX_CHARS, toSlack, toTelegramHtml } from './render.ts';

const change = (
  changesType: string,
  old: string | null,
  next: string | null,
  url = 'https://d.example/a',
): ChangeLine => ({
  projectId: 1,
  url,
  changesType,
  old,
  new: next,
});

describe('which report changes raise which alert', () => {
  it.each([
    [change('lost', '1', '0'), ['linkLost']],
    [change('found', '0', '1'), ['linkBack']],
    [change('found', null, '1'), []], // a first sighting is no comeback
    [change('rel', 'dofollow', 'nofollow'), ['relChanged']],
    [change('rel', 'dofollow', 'dofollow, sponsored'), ['relChanged']],
    [change('rel', 'nofollow', 'ugc, nofollow'), ['relChanged']],
    [change('rel', 'nofollow, ugc', 'nofollow'), []],
    [change('rel', 'nofollow', 'dofollow'), []],
    [change('indexingCapability', '1', '4'), ['noindex']],
    [change('indexingCapability', null, '10'), ['noindex']],
    [change('indexingCapability', '4', '7'), []],
    [change('indexingCapability', '4', '1'), []],
    [change('responseCode', '200', '404'), ['pageGone']],
    [change('responseCode', null, '500'), ['pageGone']],
    [change('responseCode', '404', '410'), []],
    [change('responseCode', '200', '301'), []],
    [change('indexing', '1', '2'), ['notIndexed']],
    [change('indexing', '0', '2'), []],
    [change('anchor', 'a', 'b'), []],
    [change('title', 'a', 'b'), []],
  ])('%o → %o', (line, events) => {
    expect(eventsOfChange(line)).toEqual(events);
  });

  it('groups a task per project with counts and the first links', () => {
    const lines = Array.from({ length: 200 }, (_, i) => change('lost', '1', '0', `https://d.example/${i}`));
    lines.push({ ...change('lost', '1', '0'), projectId: 2 });
    const byProject = summarise(lines);
    expect(byProject.get(1)?.linkLost?.count).toBe(200);
    expect(byProject.get(1)?.linkLost?.samples).toHaveLength(SAMPLES_PER_EVENT);
    expect(byProject.get(2)?.linkLost?.count).toBe(1);
  });

  it('keeps what the rule watches, the task end and a low balance', () => {
    const events = summarise([change('lost', '1', '0'), change('found', '0', '1')]).get(1) ?? {};
    const task = { statusId: TaskStatus.Done, totalCount: 2, currentCount: 2 };
    expect(
      applyRule({ rule: { events: ['linkLost'], balanceThreshold: null }, events, task, balance: 5 }),
    ).toEqual({
      events: { linkLost: events.linkLost },
    });
    expect(
      applyRule({ rule: { events: ['relChanged'], balanceThreshold: null }, events, task, balance: 5 }),
    ).toBeNull();
    const failed = { ...task, statusId: TaskStatus.Fail, currentCount: 0 };
    expect(
      applyRule({
        rule: { events: ['taskFinished', 'taskFailed'], balanceThreshold: null },
        events,
        task: failed,
        balance: 5,
      })?.events,
    ).toEqual({ taskFailed: { count: 0, samples: [] } });
    const low = applyRule({
      rule: { events: ['balanceLow'], balanceThreshold: 10 },
      events,
      task,
      balance: 9,
    });
    expect(low).toEqual({ events: { balanceLow: { count: 9, samples: [] } }, balance: 9 });
    expect(
      applyRule({ rule: { events: ['balanceLow'], balanceThreshold: 10 }, events, task, balance: 10 }),
    ).toBeNull();
  });
});

describe('alert messages', () => {
  const payload = {
    projectId: 7,
    projectName: 'Shop <&>',
    actionId: 42,
    actionCode: 2,
    events:
      summarise(Array.from({ length: 12 }, (_, i) => change('lost', '1', '0', `https://d.example/${i}`))).get(
        1,
      ) ?? {},
  };

  it.each([
    ['en', 'Links lost: 12', 'and 7 more', 'Open the report', 'Shop <&>: Check backlinks'],
    ['ru', 'Пропало ссылок: 12', 'и ещё 7', 'Открыть отчёт', 'Shop <&>: Проверка обратных ссылок'],
    ['ua', 'Зникло посилань: 12', 'і ще 7', 'Відкрити звіт', 'Shop <&>: Перевірка зворотних посилань'],
  ] as const)('are written in %s with links into the app', (locale, line, more, open, heading) => {
    const alert = renderAlert({ payload, locale, appUrl: 'http://app.test' });
    expect(alert.blocks[0].heading).toBe(heading);
    expect(alert.blocks[0].lines[0].text).toBe(line);
    expect(alert.blocks[0].lines[0].urls.at(-1)).toBe(more);
    expect(alert.blocks[0].link).toEqual({
      url: `http://app.test/${locale}/report?project=7&action=42`,
      label: open,
    });
    expect(alert.settings.url).toBe(`http://app.test/${locale}/alerts/7`);
  });

  it('escapes what Telegram HTML and Slack mrkdwn would read as markup, and fits Telegram', () => {
    const alert = renderAlert({ payload, locale: 'en', appUrl: 'http://app.test' });
    expect(toTelegramHtml(alert)).toContain('<b>Shop &lt;&amp;&gt;: Check backlinks</b>');
    const slack = toSlack(alert);
    expect(slack.text).toBe('Linkwatch: news about Shop &lt;&amp;&gt;');
    expect(JSON.stringify(slack.blocks)).toContain('<https://d.example/0>');
    const digest = renderAlert({
      payload: { entries: Array.from({ length: 80 }, () => payload) },
      locale: 'en',
      appUrl: 'http://app.test',
    });
    const text = toTelegramHtml(digest);
    expect(text.length).toBeLessThanOrEqual(TELEGRAM_MAX_CHARS);
    expect(text).toContain('Alert settings</a>');
    expect(toSlack(digest).blocks.length).toBeLessThanOrEqual(50);
  });
});
