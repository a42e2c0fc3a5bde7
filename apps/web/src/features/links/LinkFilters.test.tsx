import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { type Location, MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n.ts';
import { json, mockApi } from '@/test/api.ts';
import { renderWithProviders } from '@/test/renderApp.tsx';
import { LinkFilters } from './LinkFilters.tsx';
import { LinksWorkspace } from './LinksWorkspace.tsx';
import { filterQuery, type ListFilters, listQueryFromSearch, readFilters } from './listQuery.ts';
import { useListState } from './listState.ts';

afterEach(() => i18n.changeLanguage('en'));

const none: ListFilters = {
  query: '',
  role: '',
  code: '',
  linkStatus: '',
  deadFeed: '',
  indexing: '',
  robots: '',
  rel: '',
  anchor: '',
  title: '',
  addedBy: '',
  codeMode: '',
  indexingMode: '',
  robotsMode: '',
  anchorMode: '',
  titleMode: '',
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
    ['en', ['Response', 'Link', 'Feeds a dead tier 1 page', 'Indexing', 'Robots', 'Rel'], '-- all --'],
    [
      'ru',
      ['Ответ', 'Ссылка', 'Усиливает мёртвую страницу 1-го уровня', 'Индексация', 'Роботы', 'Атрибут'],
      '-- все --',
    ],
    [
      'ua',
      ['Відповідь', 'Посилання', 'Підсилює мертву сторінку 1-го рівня', 'Індексація', 'Роботи', 'Атрибут'],
      '-- усі --',
    ],
  ])('%s: each select has a visible label and the spec\'s "-- all --" first', async (locale, labels, all) => {
    await i18n.changeLanguage(locale);
    renderLinkFilters();
    // The first is where the query looks (its own default, not a filter's "all"); the filters' own
    // include/exclude selects are named after the filter they govern.
    const selects = screen
      .getAllByRole('combobox')
      .slice(1)
      .filter((select) => !select.getAttribute('aria-label'));
    expect(selects).toHaveLength(6);
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
    await user.tab(); // "is / is not" of the response, then the response
    expect(document.activeElement).toBe(screen.getByLabelText('Ответ: включить или исключить'));
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

  it.each([
    [
      'en',
      ['Response', 'Indexing', 'Robots', 'Anchor', 'Title'],
      ['is', 'is not'],
      ['contains', 'does not contain'],
    ],
    [
      'ru',
      ['Ответ', 'Индексация', 'Роботы', 'Анкор', 'Заголовок'],
      ['равно', 'не равно'],
      ['содержит', 'не содержит'],
    ],
    [
      'ua',
      ['Відповідь', 'Індексація', 'Роботи', 'Анкор', 'Заголовок'],
      ['є', 'не є'],
      ['містить', 'не містить'],
    ],
  ])(
    '%s: each of the five filter kinds has an include/exclude select named after it',
    async (locale, labels, is, contains) => {
      await i18n.changeLanguage(locale);
      renderLinkFilters({ anchorMode: 'exclude' });
      const modes = labels.map((label) => screen.getByRole('combobox', { name: new RegExp(`^${label}: `) }));
      for (const [i, mode] of modes.entries()) {
        const options = [...(mode as HTMLSelectElement).options];
        expect(options.map((o) => o.textContent)).toEqual(i === 4 ? contains : is);
        expect(options.map((o) => o.value)).toEqual(['', 'exclude']);
      }
      expect((modes[3] as HTMLSelectElement).value).toBe('exclude');
      expect((modes[0] as HTMLSelectElement).value).toBe('');
      // The link status and rel filters are not among spec 4's kinds: no mode.
      expect(screen.queryAllByRole('combobox', { name: /: / })).toHaveLength(5);
    },
  );

  it('sends filter[mode][<kind>]=2 only for a filter that excludes and has a value', () => {
    expect(filterQuery({ ...none, anchor: ' red shoes ', anchorMode: 'exclude' })).toEqual({
      'filter[anchor]': 'red shoes',
      'filter[mode][anchor]': 2,
      'filter[query]': undefined,
      'filter[role]': undefined,
      'filter[responseCodeGroup]': undefined,
      'filter[linkStatus]': undefined,
      'filter[indexing]': undefined,
      'filter[indexingCapability]': undefined,
      'filter[attribute]': undefined,
      'filter[title]': undefined,
    });
    const modes = (filters: Partial<ListFilters>) =>
      Object.entries(filterQuery({ ...none, ...filters })).filter(([key]) => key.startsWith('filter[mode]'));
    expect(modes({ anchorMode: 'exclude' })).toEqual([]);
    expect(modes({ anchor: '   ', anchorMode: 'exclude' })).toEqual([]);
    expect(modes({ anchor: 'red' })).toEqual([]);
    expect(
      modes({
        code: 'bad',
        codeMode: 'exclude',
        indexing: '1',
        indexingMode: 'exclude',
        robots: '4',
        robotsMode: 'exclude',
        title: 'shoe',
        titleMode: 'exclude',
      }),
    ).toEqual([
      ['filter[mode][responseCode]', 2],
      ['filter[mode][indexing]', 2],
      ['filter[mode][indexingCapability]', 2],
      ['filter[mode][title]', 2],
    ]);
    // A mode the URL holds in any other way is the default.
    expect(readFilters(new URLSearchParams('anchor=a&anchor-mode=2')).anchorMode).toBe('');
  });
});

describe('include/exclude in the links table', () => {
  afterEach(() => vi.unstubAllGlobals());

  const page = { currentPage: 1, from: 0, lastPage: 1, perPage: 50, to: 0, total: 0 };

  /** The links table of a campaign as a page shows it, its view in the URL. */
  function renderTable(search = '') {
    const api = mockApi({ 'GET links': json(200, { data: [], meta: { page } }) });
    const seen: { location?: Location } = {};
    function Page() {
      seen.location = useLocation();
      const list = useListState();
      return <LinksWorkspace base={{ 'filter[campaign]': 7, 'filter[type]': 2 }} type="active" list={list} />;
    }
    renderWithProviders(
      <MemoryRouter initialEntries={[`/en/campaign/7${search}`]}>
        <Page />
      </MemoryRouter>,
    );
    const reads = () =>
      api.fetchMock.mock.calls
        .map(([url]) => new URL(String(url), 'http://x'))
        .filter((url) => url.pathname === '/api/links');
    const url = () => seen.location?.search ?? '';
    return { reads, url };
  }

  it('excludes an anchor: the list is read with filter[mode][anchor]=2, kept in the URL', async () => {
    const user = userEvent.setup();
    const { reads, url } = renderTable();
    await user.type(screen.getByLabelText('Anchor'), 'red shoes{Enter}');
    await waitFor(() => expect(url()).toBe('?anchor=red+shoes'));
    await waitFor(() => expect(reads().at(-1)?.searchParams.get('filter[anchor]')).toBe('red shoes'));
    expect(reads().at(-1)?.searchParams.has('filter[mode][anchor]')).toBe(false);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Anchor: include or exclude' }), 'is not');
    await waitFor(() => expect(url()).toBe('?anchor=red+shoes&anchor-mode=exclude'));
    await waitFor(() => expect(reads().at(-1)?.searchParams.get('filter[mode][anchor]')).toBe('2'));
    expect(reads().at(-1)?.searchParams.get('filter[anchor]')).toBe('red shoes');
  });

  it('reads the modes back from the URL (a shared link, back/forward)', async () => {
    const search = '?code=bad&code-mode=exclude&title=shoe&title-mode=exclude&robots=4';
    const { reads } = renderTable(search);
    expect(
      (screen.getByRole('combobox', { name: 'Response: include or exclude' }) as HTMLSelectElement).value,
    ).toBe('exclude');
    expect((screen.getByLabelText('Response') as HTMLSelectElement).value).toBe('bad');
    expect(
      (screen.getByRole('combobox', { name: 'Title: include or exclude' }) as HTMLSelectElement).value,
    ).toBe('exclude');
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('shoe');
    expect(
      (screen.getByRole('combobox', { name: 'Robots: include or exclude' }) as HTMLSelectElement).value,
    ).toBe('');
    await waitFor(() => expect(reads()).toHaveLength(1));
    const read = reads()[0].searchParams;
    expect(read.get('filter[responseCodeGroup]')).toBe('bad');
    expect(read.get('filter[mode][responseCode]')).toBe('2');
    expect(read.get('filter[title]')).toBe('shoe');
    expect(read.get('filter[mode][title]')).toBe('2');
    expect(read.get('filter[indexingCapability]')).toBe('4');
    expect(read.has('filter[mode][indexingCapability]')).toBe(false);
    // The cold load's first read (app/firstReads.ts) asks for the same.
    expect(listQueryFromSearch({ base: {}, search })).toMatchObject({
      'filter[mode][responseCode]': 2,
      'filter[mode][title]': 2,
    });
  });

  it('"Reset filters" clears the values and the modes', async () => {
    const user = userEvent.setup();
    const { reads, url } = renderTable(
      '?anchor=red&anchor-mode=exclude&indexing=1&indexing-mode=exclude&rel=ugc',
    );
    await user.click(screen.getAllByRole('button', { name: 'Reset filters' })[0]);
    await waitFor(() => expect(url()).toBe(''));
    for (const name of ['Anchor', 'Indexing'])
      expect(
        (screen.getByRole('combobox', { name: `${name}: include or exclude` }) as HTMLSelectElement).value,
      ).toBe('');
    expect((screen.getByLabelText('Anchor') as HTMLInputElement).value).toBe('');
    const modesSent = () =>
      [...(reads().at(-1)?.searchParams.keys() ?? [])].filter((k) => k.includes('mode'));
    await waitFor(() => expect(reads().at(-1)?.searchParams.has('filter[anchor]')).toBe(false));
    expect(modesSent()).toEqual([]);
  });

  it('an exclude with nothing to exclude is no filter: no reset, no mode sent', async () => {
    const { reads } = renderTable('?anchor-mode=exclude');
    expect(screen.queryByRole('button', { name: 'Reset filters' })).toBeNull();
    await waitFor(() => expect(reads()).toHaveLength(1));
    expect([...reads()[0].searchParams.keys()].some((k) => k.includes('mode'))).toBe(false);
  });
});

describe('who added a link (issue 27)', () => {
  afterEach(() => vi.unstubAllGlobals());

  const page = { currentPage: 1, from: 1, lastPage: 1, perPage: 50, to: 1, total: 1 };
  const link = {
    id: 11,
    type: 'links',
    attributes: {
      num: 1,
      url: 'https://donor.example.org/a',
      urlWithoutDomain: '/a',
      urlWithoutProtocol: 'donor.example.org/a',
      title: null,
      comment: null,
      countBacklinks: 0,
      countBacklinksT2: 0,
      dateAddIndex: null,
      dateCheckData: null,
      dateCheckIndexing: null,
      disallow: false,
      history: false,
      listType: 2,
      indexing: 0,
      indexingText: 'Unverified',
      indexingCapabilityId: null,
      indexingCapabilityText: null,
      metaRobots: null,
      responseCode: null,
      responseCodeGroup: null,
      responseCodeGroupText: null,
      notReadReason: null,
      notReadReasonText: null,
      linkStatus: 'unchecked',
      linkStatusText: 'Not checked',
      pageVerdictText: null,
      semRushULinks: 0,
      pa: 0,
      redirect: null,
      campaignId: 7,
      projectId: 3,
      tier: 1,
      createdAt: '2026-11-01T00:00:00.000Z',
      updatedAt: '2026-11-01T00:00:00.000Z',
      addedById: 42,
      addedByName: 'Grace Hopper',
    },
    relationships: { campaign: { data: { id: 7, type: 'campaigns' } } },
  };

  it('shows the "Added by" column from the Columns menu; a name filters the list by that person', async () => {
    const user = userEvent.setup();
    const api = mockApi({ 'GET links': json(200, { data: [link], meta: { page } }) });
    const seen: { location?: Location } = {};
    function Page() {
      seen.location = useLocation();
      const list = useListState();
      return <LinksWorkspace base={{ 'filter[campaign]': 7, 'filter[type]': 2 }} type="active" list={list} />;
    }
    renderWithProviders(
      <MemoryRouter initialEntries={['/en/campaign/7']}>
        <Page />
      </MemoryRouter>,
    );
    const reads = () =>
      api.fetchMock.mock.calls
        .map(([url]) => new URL(String(url), 'http://x'))
        .filter((url) => url.pathname === '/api/links');

    await waitFor(() => expect(document.body.textContent).toContain('donor.example.org/a'), {
      timeout: 10_000,
    });
    // Hidden by default: a name shows only once the column is turned on.
    expect(screen.queryByRole('button', { name: 'Grace Hopper' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Added by' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('columnheader', { name: 'Added by' })).toBeDefined();

    await user.click(screen.getByRole('button', { name: 'Grace Hopper' }));
    await waitFor(() => expect(seen.location?.search).toBe('?added-by=42'));
    await waitFor(() => expect(reads().at(-1)?.searchParams.get('filter[addedBy]')).toBe('42'));

    // The filter names the person and is taken off with one click.
    await user.click(
      await screen.findByRole('button', { name: 'Show links added by anyone (now: Grace Hopper)' }),
    );
    await waitFor(() => expect(seen.location?.search).toBe(''));
    await waitFor(() => expect(reads().at(-1)?.searchParams.has('filter[addedBy]')).toBe(false));
  }, 20_000); // a whole links page with its menu: slow on a busy machine
});
