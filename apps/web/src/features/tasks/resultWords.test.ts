import { ActionCode } from '@linkwatch/shared';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n.ts';
import { resultKeys } from './resultWords.ts';

/** A task's two counts as its row and the campaign's "Latest task" card word them. */
function words(locale: 'en' | 'ru' | 'ua', actionId: number, success: number, errors: number) {
  const t = i18n.getFixedT(locale);
  const { done, failed } = resultKeys(actionId);
  return `${t(done, { count: success, value: success })} · ${t(failed, { count: errors, value: errors })}`;
}

describe('task result words', () => {
  it('count a link upload’s added links and invalid lines, not checked links', () => {
    expect(words('en', ActionCode.LoadLinks, 4, 1)).toBe('4 links added · 1 invalid line');
    expect(words('en', ActionCode.LoadLinks, 1, 0)).toBe('1 link added · 0 invalid lines');
    expect(words('ru', ActionCode.LoadLinks, 150, 0)).toBe('150 ссылок добавлено · 0 неверных строк');
    expect(words('ru', ActionCode.LoadLinks, 21, 2)).toBe('21 ссылка добавлена · 2 неверные строки');
    expect(words('ua', ActionCode.LoadLinks, 4, 1)).toBe('4 посилання додано · 1 некоректний рядок');
    expect(words('ua', ActionCode.LoadLinks, 11, 5)).toBe('11 посилань додано · 5 некоректних рядків');
  });

  it('keep “checked” for a check and “sent” for an indexing request', () => {
    expect(words('en', ActionCode.CheckBacklinks, 8, 2)).toBe('8 links checked · 2 with errors');
    expect(words('en', ActionCode.AddToIndex, 1, 0)).toBe('1 page sent for indexing · 0 with errors');
  });
});
