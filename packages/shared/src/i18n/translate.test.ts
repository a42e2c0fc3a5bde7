import { describe, expect, it } from 'vitest';
import { formatNumber, translate, translateCount } from './index.ts';

describe('translate with a count (the server side of i18next plurals)', () => {
  it('picks the form by the language rules, ua by the Ukrainian ones', () => {
    expect(translate('en', 'linksUi.campaignLinks', { count: 1, value: '1' })).toBe('1 link');
    expect(translate('en', 'linksUi.campaignLinks', { count: 2, value: '2' })).toBe('2 links');
    expect(translate('ru', 'linksUi.campaignLinks', { count: 22, value: '22' })).toBe('22 ссылки');
    expect(translate('ru', 'linksUi.campaignLinks', { count: 25, value: '25' })).toBe('25 ссылок');
    expect(translate('ua', 'linksUi.campaignLinks', { count: 3, value: '3' })).toBe('3 посилання');
    expect(translate('ua', 'linksUi.campaignLinks', { count: 11, value: '11' })).toBe('11 посилань');
    expect(translate('ua', 'linksUi.campaignLinks', { count: 1.5, value: '1.5' })).toBe('1.5 посилання');
  });

  it('a key without plural forms is read as it is, with or without a count', () => {
    expect(translate('en', 'linksUi.campaigns', { count: 2 })).toBe('Campaigns');
    expect(translate('en', 'linksUi.campaigns')).toBe('Campaigns');
  });

  it('translateCount writes the count the language way in {{value}}', () => {
    expect(translateCount('en', 'common.credits', 1234)).toBe('1,234 credits');
    expect(translateCount('ru', 'common.credits', 1).replace(/\s/g, ' ')).toBe('1 кредит');
    expect(translateCount('ua', 'common.credits', 1234).replace(/\s/g, ' ')).toBe('1 234 кредити');
    expect(formatNumber('ru', 1234567).replace(/\s/g, ' ')).toBe('1 234 567');
  });
});
