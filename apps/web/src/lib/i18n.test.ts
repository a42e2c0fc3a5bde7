import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from './i18n.ts';

afterEach(() => i18n.changeLanguage('en'));

const credits = (count: number) => i18n.t('common.credits', { count, value: String(count) });
const links = (count: number) => i18n.t('linksUi.campaignLinks', { count, value: String(count) });

describe('plurals by each language’s rules', () => {
  it('counts in English: one and other', async () => {
    await i18n.changeLanguage('en');
    expect([1, 2, 5, 21].map(credits)).toEqual(['1 credit', '2 credits', '5 credits', '21 credits']);
    expect(links(1)).toBe('1 link');
  });

  it('counts in Russian: one, few and many', async () => {
    await i18n.changeLanguage('ru');
    expect([1, 2, 5, 11, 21, 22].map(credits)).toEqual([
      '1 кредит',
      '2 кредита',
      '5 кредитов',
      '11 кредитов',
      '21 кредит',
      '22 кредита',
    ]);
    expect([1, 3, 12].map(links)).toEqual(['1 ссылка', '3 ссылки', '12 ссылок']);
  });

  it('counts in Ukrainian although the locale code is `ua`', async () => {
    await i18n.changeLanguage('ua');
    expect([1, 2, 5, 11, 21, 24].map(credits)).toEqual([
      '1 кредит',
      '2 кредити',
      '5 кредитів',
      '11 кредитів',
      '21 кредит',
      '24 кредити',
    ]);
    expect([1, 4, 7].map(links)).toEqual(['1 посилання', '4 посилання', '7 посилань']);
    expect(i18n.t('tasksUi.dialog.notEnough', { count: 3, value: '3' })).toMatch(
      /^Для цього завдання бракує 3 кредитів\./,
    );
  });
});
