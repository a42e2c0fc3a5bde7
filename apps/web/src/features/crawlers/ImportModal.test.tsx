import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetTokenForTests } from '@/api/token.ts';
import { i18n } from '@/lib/i18n.ts';
import { renderWithProviders } from '@/test/renderApp.tsx';
import { serveUploads } from '@/test/xhr.ts';
import { ImportModal } from './ImportModal.tsx';

const csv = () => new File(['https://blog.example/post,2026-03-01\n'], 'ahrefs.csv', { type: 'text/csv' });

afterEach(() => i18n.changeLanguage('en'));

describe('crawler import modal', () => {
  it('sends the file with the project and the chosen source, shows the 422 message, then the counts', async () => {
    resetTokenForTests('tok');
    const sent = serveUploads([
      {
        status: 422,
        body: {
          message: 'The given data was invalid.',
          errors: { file: ['Row 3: “yesterday” is not a date.'] },
        },
      },
      {
        status: 201,
        body: {
          data: {
            type: 'crawlerImports',
            id: 1,
            attributes: {
              rows: 5,
              new: 2,
              active: 1,
              rip: 4,
              format: 'ahrefs',
              invalidCount: 2,
              invalid: [
                { line: 3, value: 'yesterday', reason: 'Not a date (column "Last seen")' },
                { line: 5, value: 'not an address', reason: 'Not a valid http(s) address' },
              ],
            },
          },
        },
      },
    ]);
    renderWithProviders(<ImportModal project="5" open onOpenChange={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Import crawler data' });
    expect(within(dialog).getByText('xlsx, xls, csv; first column links, second a date')).toBeTruthy();
    const submit = within(dialog).getByRole('button', { name: 'Import' });
    expect(submit.hasAttribute('disabled')).toBe(true);

    fireEvent.click(within(dialog).getByRole('radio', { name: /Search console/ }));
    // Dropped onto the zone, as a user drags a file from the desktop.
    fireEvent.drop(within(dialog).getByTestId('crawler-dropzone'), { dataTransfer: { files: [csv()] } });
    expect(within(dialog).getByTestId('crawler-file-name').textContent).toBe('ahrefs.csv');
    // 37 bytes, in words with their plural: CLDR's short English form reads "37 byte".
    expect(within(dialog).getByText('37 bytes')).toBeTruthy();
    fireEvent.click(submit);
    expect(await within(dialog).findByText('Row 3: “yesterday” is not a date.')).toBeTruthy();
    expect(sent[0].url).toBe('/api/crawlers/upload');
    expect(sent[0].headers.Authorization).toBe('Bearer tok');
    expect(sent[0].fields.project).toBe('5');
    expect(sent[0].fields.source).toBe('2');
    expect((sent[0].fields.file as File).name).toBe('ahrefs.csv');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    const result = await within(dialog).findByTestId('import-result');
    expect(within(result).getByText('5 rows read')).toBeTruthy();
    expect(
      within(result).getByText('2 rows skipped: they are listed below with their row numbers.'),
    ).toBeTruthy();
    const skipped = within(result).getByTestId('import-skipped');
    expect(within(skipped).getByRole('heading', { name: 'Rows not imported' })).toBeTruthy();
    const rows = within(skipped)
      .getAllByRole('row')
      .map((row) => Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Row', 'Value', 'Reason'],
      ['3', 'yesterday', 'Not a date (column "Last seen")'],
      ['5', 'not an address', 'Not a valid http(s) address'],
    ]);
    expect(within(result).getByText('2 new')).toBeTruthy();
    expect(within(result).getByText('1 seen again')).toBeTruthy();
    expect(within(result).getByText('4 no longer seen (RIP)')).toBeTruthy();
    expect(within(result).getByText('Read as: Ahrefs')).toBeTruthy();
  });

  // Issue 25 point 5 in each language: the file's size in words with its plural and unit, and the rows
  // skipped listed by their numbers under the counts.
  it.each([
    {
      locale: 'en',
      size: '215 bytes',
      title: 'Import crawler data',
      submit: 'Import',
      skipped: '2 rows skipped: they are listed below with their row numbers.',
      heading: 'Rows not imported',
      columns: ['Row', 'Value', 'Reason'],
    },
    {
      locale: 'ru',
      size: '215 байт',
      title: 'Импорт данных краулеров',
      submit: 'Импортировать',
      skipped: 'Пропущены 2 строки: они указаны ниже с номерами.',
      heading: 'Строки, которые не импортированы',
      columns: ['Строка', 'Значение', 'Причина'],
    },
    {
      locale: 'ua',
      size: '215 байтів',
      title: 'Імпорт даних краулерів',
      submit: 'Імпортувати',
      skipped: 'Пропущено 2 рядки: їх вказано нижче з номерами.',
      heading: 'Рядки, які не імпортовано',
      columns: ['Рядок', 'Значення', 'Причина'],
    },
  ])('words the size and lists the skipped rows by number ($locale)', async (t) => {
    await i18n.changeLanguage(t.locale);
    resetTokenForTests('tok');
    serveUploads([
      {
        status: 201,
        body: {
          data: {
            type: 'crawlerImports',
            id: 2,
            attributes: {
              rows: 4,
              new: 2,
              active: 0,
              rip: 0,
              format: 'generic',
              invalidCount: 2,
              invalid: [
                { line: 2, value: 'yesterday', reason: 'r1' },
                { line: 4, value: 'not an address', reason: 'r2' },
              ],
            },
          },
        },
      },
    ]);
    renderWithProviders(<ImportModal project="5" open onOpenChange={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: t.title });
    const file = new File(['x'.repeat(215)], 'links.csv', { type: 'text/csv' });
    fireEvent.drop(within(dialog).getByTestId('crawler-dropzone'), { dataTransfer: { files: [file] } });
    // The size sits under the file's name; Intl may put a no-break space between number and unit.
    const name = within(dialog).getByTestId('crawler-file-name');
    expect(name.parentElement?.textContent?.replace(/\s/g, ' ')).toContain(t.size);
    fireEvent.click(within(dialog).getByRole('button', { name: t.submit }));
    const result = await within(dialog).findByTestId('import-result');
    expect(within(result).getByText(t.skipped)).toBeTruthy();
    const skipped = within(result).getByTestId('import-skipped');
    expect(within(skipped).getByRole('heading', { name: t.heading })).toBeTruthy();
    const rows = within(skipped)
      .getAllByRole('row')
      .map((row) => Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent));
    expect(rows).toEqual([t.columns, ['2', 'yesterday', 'r1'], ['4', 'not an address', 'r2']]);
  });
});
