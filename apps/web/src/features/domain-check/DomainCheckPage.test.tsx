import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '@/test/api.ts';
import { renderApp } from '@/test/renderApp.tsx';

// The page is a lazy chunk, as in the app: transformed once up front, so the typing below has the time.
await import('./DomainCheckPage.tsx');

function attributes(overrides: Record<string, unknown> = {}) {
  return {
    url: 'https://blog.example.org/post',
    finalUrl: 'https://blog.example.org/post',
    redirect: null,
    redirects: [{ url: 'https://blog.example.org/post', status: 200 }],
    responseCode: 200,
    finalStatus: 200,
    answers: true,
    error: null,
    title: 'A partner post',
    indexable: true,
    indexingCapabilityId: 1,
    robotsTxtAllowed: true,
    metaRobots: null,
    xRobotsTag: null,
    canonical: 'https://blog.example.org/post',
    canonicalElsewhere: false,
    domain: 'shop.example',
    linked: true,
    dofollow: true,
    links: [
      { href: 'https://shop.example/', anchor: 'Best shop', attribute: 'dofollow', rel: [], typeId: 2 },
      {
        href: 'https://shop.example/deals',
        anchor: '',
        attribute: 'nofollow',
        rel: ['nofollow'],
        typeId: 1,
      },
    ],
    linkCount: 2,
    fetchMs: 120,
    remaining: 19,
    ...overrides,
  };
}

const answer = (overrides: Record<string, unknown> = {}) =>
  json(200, { data: { type: 'domainChecks', attributes: attributes(overrides) } });

describe('the public domain-check page', { timeout: 20_000 }, () => {
  it('needs no login, checks what the visitor typed and shows the three answers and the sign-up call', async () => {
    const server = mockApi({ 'POST domain-check': answer() });
    renderApp('/en/domain-check');
    await screen.findByRole('heading', { level: 1, name: 'Free backlink and indexability check' });
    expect(screen.getByRole('link', { name: 'Sign up free' }).getAttribute('href')).toBe('/en/register');

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Page address'), 'blog.example.org/post');
    await user.type(screen.getByLabelText(/Your domain/), 'https://www.shop.example/');
    await user.click(screen.getByRole('button', { name: 'Check the page' }));

    const result = await screen.findByTestId('domain-check-result');
    // Sent as the shared schema reads it: a full URL, the bare domain; no captcha configured, none sent.
    expect(server.find('POST domain-check')[0].body).toEqual({
      url: 'http://blog.example.org/post',
      domain: 'shop.example',
    });
    expect(within(result).getByText('Yes: it answered 200')).toBeTruthy();
    expect(within(result).getByText('Yes: nothing keeps search engines from indexing it')).toBeTruthy();
    expect(within(result).getByRole('heading', { name: 'Does it link to shop.example?' })).toBeTruthy();
    expect(within(result).getByText('Yes: 2 links found')).toBeTruthy();
    const rows = within(result).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'AnchorrelKindLinks to',
      'Best shopdofollowtext linkhttps://shop.example/',
      '(no text)nofollowimagehttps://shop.example/deals',
    ]);
    expect(screen.getByText('19 free checks left today')).toBeTruthy();
  });

  it('validates before sending, with the shared messages under the fields', async () => {
    const server = mockApi({});
    renderApp('/en/domain-check');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Page address'), 'not a page');
    await user.click(screen.getByRole('button', { name: 'Check the page' }));
    await waitFor(() =>
      expect(
        screen.getByText('The url field must be a web page address, for example https://example.com/page'),
      ).toBeTruthy(),
    );
    expect(server.find('POST domain-check')).toHaveLength(0);
  });

  it('says why a page cannot be reached or indexed, in Russian', async () => {
    mockApi({
      'POST domain-check': answer({
        answers: false,
        responseCode: null,
        finalStatus: null,
        error: 'blocked_address',
        indexable: false,
        linked: null,
        dofollow: null,
        links: [],
        linkCount: 0,
      }),
    });
    renderApp('/ru/domain-check');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Адрес страницы'), 'http://10.0.0.1/');
    await user.click(screen.getByRole('button', { name: 'Проверить страницу' }));
    const result = await screen.findByTestId('domain-check-result');
    expect(within(result).getByText(/Этот адрес не в публичном интернете/)).toBeTruthy();
    expect(
      within(result).getAllByText('Страница не прочитана, поэтому индексацию проверить нельзя.'),
    ).toHaveLength(2); // the indexing and the link answers: nothing was read
  });

  it('names what keeps a page out of the index', async () => {
    mockApi({
      'POST domain-check': answer({
        indexable: false,
        indexingCapabilityId: 11,
        canonical: 'https://blog.example.org/other',
        canonicalElsewhere: true,
        dofollow: false,
        links: [
          {
            href: 'https://shop.example/',
            anchor: 'shop',
            attribute: 'nofollow,ugc',
            rel: ['nofollow', 'ugc'],
            typeId: 2,
          },
        ],
        linkCount: 1,
      }),
    });
    renderApp('/ua/domain-check');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Адреса сторінки'), 'https://blog.example.org/post');
    await user.type(screen.getByLabelText(/Ваш домен/), 'shop.example');
    await user.click(screen.getByRole('button', { name: 'Перевірити сторінку' }));
    const result = await screen.findByTestId('domain-check-result');
    expect(within(result).getByText('Ні: її канонічна адреса — інша сторінка')).toBeTruthy();
    expect(within(result).getByText('інша сторінка: https://blog.example.org/other')).toBeTruthy();
    expect(within(result).getByText(/Усі вони nofollow/)).toBeTruthy();
    expect(within(result).getByText('nofollow, ugc')).toBeTruthy();
  });

  it('shows the limit as the server words it', async () => {
    mockApi({
      'POST domain-check': json(429, {
        message:
          "You have used today's free checks from this address. Sign up to check links without this limit.",
      }),
    });
    renderApp('/en/domain-check');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Page address'), 'https://blog.example.org/post');
    await user.click(screen.getByRole('button', { name: 'Check the page' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/used today's free checks/);
    expect(screen.queryByTestId('domain-check-result')).toBeNull();
  });
});
