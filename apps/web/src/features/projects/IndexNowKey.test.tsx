import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetTokenForTests } from '@/api/token.ts';
import { i18n } from '@/lib/i18n.ts';
import { memberWithAllBut, OWNER_ACCOUNT } from '@/test/accounts.ts';
import { json, mockApi } from '@/test/api.ts';
import { IndexNowKey } from './IndexNowKey.tsx';

const KEY = '3f2a9c1d4b5e6f708192a3b4c5d6e7f8';
const FILE_URL = `https://shop.example.com/${KEY}.txt`;

function keyReply(attributes: { enabled?: boolean; verifiedAt?: string | null } = {}) {
  return json(200, {
    data: {
      id: 7,
      type: 'indexNowKeys',
      attributes: { enabled: true, key: KEY, keyFileUrl: FILE_URL, verifiedAt: null, ...attributes },
    },
  });
}

afterEach(() => {
  resetTokenForTests();
  return i18n.changeLanguage('en');
});

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <IndexNowKey projectId={7} />
    </QueryClientProvider>,
  );
  return { ...view, client };
}

describe('IndexNow key in the project settings', () => {
  it('shows nothing where the server has no IndexNow', async () => {
    const api = mockApi({ 'GET projects/7/index-now': keyReply({ enabled: false }) });
    const { container, client } = renderSection();
    await waitFor(() => expect(api.find('GET projects/7/index-now')).toHaveLength(1));
    await waitFor(() => expect(client.isFetching()).toBe(0));
    expect(container.textContent).toBe('');
  });

  it('shows the key and where its file goes, then checks the file with a loading state', async () => {
    let answer: (reply: ReturnType<typeof json>) => void = () => {};
    const api = mockApi({
      'GET projects/7/index-now': keyReply(),
      'POST projects/7/index-now/verify': () => new Promise((resolve) => (answer = resolve)),
    });
    const user = userEvent.setup();
    renderSection();
    expect(await screen.findByRole('region', { name: 'IndexNow key' })).toBeTruthy();
    expect(screen.getByText(KEY)).toBeTruthy();
    expect(screen.getByText(FILE_URL)).toBeTruthy();
    expect(screen.getByText(/Not found on the site yet/)).toBeTruthy();

    const check = screen.getByRole('button', { name: 'Check the file' });
    await user.click(check);
    await waitFor(() => expect(check.getAttribute('aria-busy')).toBe('true'));
    expect(check).toHaveProperty('disabled', true);
    answer(keyReply({ verifiedAt: '2026-03-04T10:20:00.000Z' }));

    const found = await screen.findByRole('status');
    expect(found.textContent).toMatch(/^Found on the site .*2026.*\.$/);
    expect(check).toHaveProperty('disabled', false);
    expect(api.find('POST projects/7/index-now/verify')).toHaveLength(1);
  });

  it("shows the server's message when the file is not there, and reads the key again", async () => {
    const message = `No key file at ${FILE_URL}: the site answered HTTP 404. Upload the file there and check again.`;
    const api = mockApi({
      'GET projects/7/index-now': keyReply({ verifiedAt: '2026-03-04T10:20:00.000Z' }),
      'POST projects/7/index-now/verify': json(422, { message }),
    });
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Check the file' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    await waitFor(() => expect(api.find('GET projects/7/index-now')).toHaveLength(2));
  });

  it('downloads a text file named after the key that holds the key alone', async () => {
    mockApi({ 'GET projects/7/index-now': keyReply() });
    // jsdom has no object URLs: these stand in for the browser's.
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:key');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Download key file' }));
    expect(names).toEqual([`${KEY}.txt`]);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    const file = createObjectURL.mock.calls[0][0];
    expect(file.type).toBe('text/plain');
    expect(await file.text()).toBe(KEY);
  });

  it('speaks the page language', async () => {
    mockApi({ 'GET projects/7/index-now': keyReply() });
    await i18n.changeLanguage('ua');
    renderSection();
    expect(await screen.findByRole('button', { name: 'Перевірити файл' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Завантажити файл ключа' })).toBeTruthy();
  });

  it('a member without projects.manage can download the file but not verify it (issue 27)', async () => {
    resetTokenForTests('tok');
    const api = mockApi({
      'GET user/accounts': memberWithAllBut('projects.manage'),
      'GET projects/7/index-now': keyReply(),
    });
    renderSection();
    expect(await screen.findByRole('button', { name: 'Download key file' })).toBeTruthy();
    await waitFor(() => expect(api.find('GET user/accounts')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Check the file' })).toBeNull());
  });

  it('the owner can verify it', async () => {
    resetTokenForTests('tok');
    const api = mockApi({ 'GET user/accounts': OWNER_ACCOUNT, 'GET projects/7/index-now': keyReply() });
    renderSection();
    await waitFor(() => expect(api.find('GET user/accounts')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(await screen.findByRole('button', { name: 'Check the file' })).toBeTruthy();
  });
});
