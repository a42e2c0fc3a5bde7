import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n.ts';
import { UploadResult } from './UploadResult.tsx';

describe('upload result', () => {
  it('shows added, duplicates and the invalid lines with their reasons', () => {
    render(
      <UploadResult
        result={{
          campaignId: 1,
          total: 7,
          added: 4,
          duplicates: 1,
          invalidCount: 2,
          invalid: [
            { line: 3, value: 'not a url', reason: 'Not a valid http(s) address' },
            { line: 6, value: 'ftp://x.y', reason: 'Not a valid http(s) address' },
          ],
        }}
      />,
    );
    const figure = (key: string) => document.querySelector(`[data-figure="${key}"]`) as HTMLElement;
    expect(figure('added').textContent).toContain('Added4');
    expect(figure('duplicates').textContent).toContain('Duplicates1');
    expect(figure('invalid').textContent).toContain('Invalid lines2');
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      '3not a urlNot a valid http(s) address',
      '6ftp://x.yNot a valid http(s) address',
    ]);
  });

  it('says how many invalid lines were left out of the list', () => {
    render(
      <UploadResult
        result={{
          campaignId: 1,
          total: 1500,
          added: 0,
          duplicates: 0,
          invalidCount: 1500,
          invalid: [{ line: 1, value: 'x', reason: 'bad' }],
        }}
      />,
    );
    expect(document.body.textContent).toContain('and 1,499 more lines');
  });

  it('has no invalid table when every line was fine', () => {
    render(
      <UploadResult
        result={{ campaignId: 1, total: 2, added: 2, duplicates: 0, invalidCount: 0, invalid: [] }}
      />,
    );
    expect(screen.queryByRole('table')).toBeNull();
  });

  // Issue 25 point 10: a first line that reads like a column title is skipped, and said so in each language.
  it.each([
    ['en', 'URL', 'Line 1 ("URL") reads as a column title: it was skipped as the file\'s header.'],
    ['ru', 'Ссылка', 'Строка 1 («Ссылка») похожа на заголовок столбца: она пропущена как заголовок файла.'],
    [
      'ua',
      'Посилання',
      'Рядок 1 («Посилання») схожий на заголовок стовпця: його пропущено як заголовок файлу.',
    ],
  ])(
    'says the first line was skipped as a header, in the page language (%s)',
    async (locale, value, text) => {
      const result = { campaignId: 1, total: 1, added: 1, duplicates: 0, invalidCount: 0, invalid: [] };
      await i18n.changeLanguage(locale);
      try {
        render(<UploadResult result={{ ...result, header: { line: 1, value } }} />);
        expect(screen.getByTestId('upload-header').textContent).toBe(text);
      } finally {
        await i18n.changeLanguage('en');
      }
    },
  );
});
