import { ActionCode, type Locale, TaskStatus } from '@linkwatch/shared';
import { formatNumber, translate } from '@linkwatch/shared/i18n';
import { describe, expect, it } from 'vitest';
import type { ActionRow } from '../modules/actions/types.ts';
import { exportReadyMail } from '../modules/links/export.service.ts';
import { taskMail } from '../modules/mailings/task-mail.template.ts';

/** The mails' counted words follow each language's plural rules (ua counted as Ukrainian), numbers written its way. */

const exportMail = (locale: Locale, count: number) =>
  exportReadyMail({ locale, to: 'ann@example.com', name: 'Ann', url: 'http://app.test/file', count });

describe('export-ready mail', () => {
  it.each([
    ['en', 1, 'Your export of 1 link is ready', 'The export of 1 link you asked for is ready.'],
    ['en', 3001, 'Your export of 3,001 links is ready', 'The export of 3,001 links you asked for is ready.'],
    ['ru', 1, 'Экспорт 1 ссылки готов', 'Запрошенный экспорт 1 ссылки готов.'],
    ['ru', 2, 'Экспорт 2 ссылок готов', 'Запрошенный экспорт 2 ссылок готов.'],
    ['ru', 21, 'Экспорт 21 ссылки готов', 'Запрошенный экспорт 21 ссылки готов.'],
    ['ru', 3001, 'Экспорт 3 001 ссылки готов', 'Запрошенный экспорт 3 001 ссылки готов.'],
    ['ua', 5, 'Експорт 5 посилань готовий', 'Запитаний експорт 5 посилань готовий.'],
    ['ua', 3001, 'Експорт 3 001 посилання готовий', 'Запитаний експорт 3 001 посилання готовий.'],
  ] as const)('%s, %i links: "%s"', (locale, count, subject, body) => {
    const mail = exportMail(locale, count);
    // Intl writes the thousands with a (narrow) no-break space in ru and uk; read it as a space.
    const spaced = (text: string) => text.replace(/\u00a0|\u202f/g, ' ');
    expect(spaced(mail.subject)).toBe(subject);
    expect(spaced(mail.text)).toContain(body);
  });

  it('says how many days the link works, by the rules of each language', () => {
    expect(exportMail('en', 10).text).toContain('The download link works for 7 days.');
    expect(exportMail('ru', 10).text).toContain('Ссылка для скачивания действует 7 дней.');
    expect(exportMail('ua', 10).text).toContain('Посилання для завантаження діє 7 днів.');
  });
});

const action = (values: Partial<ActionRow>) =>
  ({
    id: 7,
    actionId: ActionCode.CheckBacklinks,
    statusId: TaskStatus.Done,
    userId: 1,
    projectId: 1,
    campaignId: 1,
    currentCount: 0,
    totalCount: 0,
    successCount: 0,
    totalErrorCount: 0,
    cost: 0,
    refunded: 0,
    ...values,
  }) as ActionRow;

const links = {
  report: 'http://app.test/report',
  unsubscribe: 'http://app.test/u',
  unsubscribeAll: 'http://app.test/ua',
  oneClick: 'http://app.test/one',
};

function taskText(
  locale: Locale,
  values: Partial<ActionRow>,
  report: { lost: number; found: number; other: number },
) {
  const total = report.lost + report.found + report.other;
  const summary = {
    ...report,
    total,
    lines: [{ changesType: 'lost', url: 'https://donor.example/a', old: null, new: null }],
  };
  return taskMail({
    locale,
    to: 'team@example.com',
    action: action(values),
    campaign: 'Articles',
    project: 'Shop',
    report: summary,
    withTask: true,
    links,
  }).text;
}

describe('task mail', () => {
  it('counts links, credits and changes in English', () => {
    const text = taskText(
      'en',
      { currentCount: 1, totalCount: 1, successCount: 1, totalErrorCount: 0, cost: 1, refunded: 0 },
      { lost: 1, found: 2, other: 0 },
    );
    expect(text).toContain('1 of 1 link processed. 1 link checked. 0 links with errors.');
    expect(text).toContain('The task cost 1 credit.\n');
    expect(text).toContain('1 backlink lost. 2 new backlinks. 0 other changes.');
    expect(text).toContain('…and 2 more changes in the report.');
  });

  it('counts by the Russian rules: 1 ссылка, 2 ссылки, 5 ссылок', () => {
    const text = taskText(
      'ru',
      { currentCount: 22, totalCount: 22, successCount: 21, totalErrorCount: 1, cost: 22, refunded: 5 },
      { lost: 2, found: 5, other: 1 },
    );
    expect(text).toContain('Обработано 22 из 22 ссылок. Проверена 21 ссылка. 1 ссылка с ошибками.');
    expect(text).toContain('Задача стоила 22 кредита. Возвращено 5 кредитов.');
    expect(text).toContain('Потеряны 2 обратные ссылки. 5 новых обратных ссылок. 1 другое изменение.');
    expect(text).toContain('…и ещё 7 изменений в отчёте.');
  });

  it('counts by the Ukrainian rules for ua, not the English ones', () => {
    const text = taskText(
      'ua',
      { currentCount: 1, totalCount: 1, successCount: 1, totalErrorCount: 0, cost: 1, refunded: 1 },
      { lost: 5, found: 1, other: 3 },
    );
    expect(text).toContain('Оброблено 1 з 1 посилання. Перевірено 1 посилання. 0 посилань з помилками.');
    expect(text).toContain('Задача коштувала 1 кредит. Повернено 1 кредит.');
    expect(text).toContain('Втрачено 5 зворотних посилань. 1 нове зворотне посилання. 3 інші зміни.');
    expect(text).toContain('…і ще 8 змін у звіті.');
  });
});

describe('task notification', () => {
  it.each([
    ['en', 1, 'Task "X" finished: 1 of 1 link processed.'],
    ['ru', 1, 'Задача «X» завершена: обработано 1 из 1 ссылки.'],
    ['ru', 5, 'Задача «X» завершена: обработано 5 из 5 ссылок.'],
    ['ua', 21, 'Задачу «X» завершено: оброблено 21 з 21 посилання.'],
  ] as const)('%s, %i links', (locale, count, expected) => {
    const text = translate(locale, 'tasks.notifications.finished', {
      action: 'X',
      count,
      success: formatNumber(locale, count),
      total: formatNumber(locale, count),
    });
    expect(text).toBe(expected);
  });
});
