import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n.ts';
import { LinkFilters } from './LinkFilters.tsx';
import { filterQuery, type ListFilters } from './listQuery.ts';

afterEach(() => i18n.changeLanguage('en'));

const none: ListFilters = {
  query: '',
  role: '',
  code: '',
  linkStatus: '',
  indexing: '',
  robots: '',
  rel: '',
};

function renderLinkFilters(filters: Partial<ListFilters> = {}) {
  const onChange = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <LinkFilters
        filters={{ ...none, ...filters }}
        onChange={onChange}
        onReset={() => {}}
        hasFilters={false}
      />
    </I18nextProvider>,
  );
  return { onChange };
}

const firstOption = (select: HTMLElement) => within(select).getAllByRole('option')[0];

describe('the links filters', () => {
  it.each([
    ['en', ['Response', 'Link', 'Indexing', 'Robots', 'Rel'], '-- all --'],
    ['ru', ['Ответ', 'Ссылка', 'Индексация', 'Роботы', 'Атрибут'], '-- все --'],
    ['ua', ['Відповідь', 'Посилання', 'Індексація', 'Роботи', 'Атрибут'], '-- усі --'],
  ])('%s: each select has a visible label and the spec\'s "-- all --" first', async (locale, labels, all) => {
    await i18n.changeLanguage(locale);
    renderLinkFilters();
    // The first is where the query looks (its own default, not a filter's "all").
    const selects = screen.getAllByRole('combobox').slice(1);
    expect(selects).toHaveLength(5);
    for (const [i, label] of labels.entries()) {
      const select = screen.getByLabelText(label);
      expect(select).toBe(selects[i]);
      expect(firstOption(select).textContent).toBe(all);
      expect((firstOption(select) as HTMLOptionElement).value).toBe('');
    }
    // The label sits above the select, never inside the option ("Label: -- all --").
    expect(document.body.textContent).not.toMatch(/:\s*--/);
  });

  it('is driven by the keyboard: Tab to a filter, arrows choose, the choice goes to the list', async () => {
    await i18n.changeLanguage('ru');
    const user = userEvent.setup();
    const { onChange } = renderLinkFilters();
    await user.tab(); // the query box
    await user.tab(); // where it looks
    await user.tab();
    expect(document.activeElement).toBe(screen.getByLabelText('Ответ'));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByLabelText('Ссылка'));
    await user.selectOptions(screen.getByLabelText('Ссылка'), 'Ссылка отсутствует');
    expect(onChange).toHaveBeenLastCalledWith('linkStatus', 'missing');
  });

  it('"-- all --" clears a filter that is set', async () => {
    const user = userEvent.setup();
    const { onChange } = renderLinkFilters({ indexing: '1' });
    const select = screen.getByLabelText('Indexing') as HTMLSelectElement;
    expect(select.value).toBe('1');
    await user.selectOptions(select, '-- all --');
    expect(onChange).toHaveBeenLastCalledWith('indexing', '');
  });

  it.each([
    ['en', 'Search in', ['URL or title', 'Donor page', 'Anchor', 'Acceptor']],
    ['ru', 'Искать в', ['URL или заголовок', 'Страница-донор', 'Анкор', 'Акцептор']],
    ['ua', 'Шукати в', ['URL або заголовок', 'Сторінка-донор', 'Анкор', 'Акцептор']],
  ])(
    '%s: the query looks in the donor page (1), the anchor (3) or the acceptor (4)',
    async (locale, label, texts) => {
      await i18n.changeLanguage(locale);
      const user = userEvent.setup();
      const { onChange } = renderLinkFilters();
      const role = screen.getByLabelText(label) as HTMLSelectElement;
      expect([...role.options].map((o) => o.textContent)).toEqual(texts);
      expect([...role.options].map((o) => o.value)).toEqual(['', '1', '3', '4']);
      await user.selectOptions(role, texts[2]);
      expect(onChange).toHaveBeenLastCalledWith('role', '3');
      expect(filterQuery({ ...none, query: 'blue shoes', role: '3' })).toMatchObject({
        'filter[query]': 'blue shoes',
        'filter[role]': '3',
      });
    },
  );
});
