import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n.ts';
import { CONSENT_KEY, optedOut, suggestsEuRules, tagManagerState } from '@/lib/tagManager.ts';
import { json, mockApi } from '@/test/api.ts';
import TagManager from './TagManager.tsx';

const GTM = 'https://www.googletagmanager.com/gtm.js?id=GTM-ABC1234';
const script = () => document.getElementById('linkwatch-tag-manager') as HTMLScriptElement | null;

function browser({
  languages,
  dnt = null,
  gpc,
}: {
  languages: string[];
  dnt?: string | null;
  gpc?: boolean;
}) {
  Object.defineProperty(navigator, 'languages', { value: languages, configurable: true });
  Object.defineProperty(navigator, 'doNotTrack', { value: dnt, configurable: true });
  Object.defineProperty(navigator, 'globalPrivacyControl', { value: gpc, configurable: true });
}

function renderGate(tagManagerId: string | null) {
  mockApi({ 'GET settings': json(200, { data: { id: 1, type: 'settings', attributes: { tagManagerId } } }) });
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <TagManager />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

/** Lets the settings arrive and the effects run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

beforeEach(() => {
  script()?.remove();
  localStorage.clear();
});
afterEach(async () => {
  for (const key of ['languages', 'doNotTrack', 'globalPrivacyControl'])
    Reflect.deleteProperty(navigator, key);
  await i18n.changeLanguage('en');
});

describe('the tag manager gate (spec 7)', () => {
  it('reads Do Not Track and Global Privacy Control', () => {
    expect(optedOut({ doNotTrack: '1' })).toBe(true);
    expect(optedOut({ globalPrivacyControl: true })).toBe(true);
    expect(optedOut({ doNotTrack: '0', globalPrivacyControl: false })).toBe(false);
    expect(suggestsEuRules(['de-DE', 'en'])).toBe(true);
    expect(suggestsEuRules(['pl'])).toBe(true);
    expect(suggestsEuRules(['en-GB'])).toBe(true);
    expect(suggestsEuRules(['en-US', 'ru-RU', 'uk-UA'])).toBe(false);
    expect(suggestsEuRules(['fr-CA'])).toBe(false);
    expect(tagManagerState({ id: null, optedOut: false, euRules: false, consent: null })).toBe('off');
  });

  it('loads nothing when none is configured', async () => {
    browser({ languages: ['en-US'] });
    renderGate(null);
    await settle();
    expect(script()).toBeNull();
  });

  it.each([
    ['Do Not Track', { dnt: '1' }],
    ['Global Privacy Control', { gpc: true }],
  ])('is skipped when the browser sends %s, banner or not', async (_, signal) => {
    browser({ languages: ['de-DE'], ...signal });
    renderGate('GTM-ABC1234');
    await settle();
    expect(script()).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('loads at once outside the EU rules', async () => {
    browser({ languages: ['en-US'] });
    renderGate('GTM-ABC1234');
    await settle();
    expect(script()?.src).toBe(GTM);
  });

  it.each([
    ['en', 'Allow', 'No, thanks'],
    ['ru', 'Разрешить', 'Нет, спасибо'],
    ['ua', 'Дозволити', 'Ні, дякую'],
  ])('%s: under the EU rules it asks first, loads on Allow and remembers', async (locale, allow, decline) => {
    await i18n.changeLanguage(locale);
    browser({ languages: ['fr-FR'] });
    const first = renderGate('GTM-ABC1234');
    expect(await screen.findByRole('button', { name: decline })).toBeTruthy();
    expect(script()).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: allow }));
    expect(script()?.src).toBe(GTM);
    expect(localStorage.getItem(CONSENT_KEY)).toBe('granted');
    first.unmount();
    script()?.remove();
    // The next visit remembers: no banner, loaded.
    renderGate('GTM-ABC1234');
    await settle();
    expect(screen.queryByRole('button', { name: allow })).toBeNull();
    expect(script()?.src).toBe(GTM);
  });

  it('stays off after No, thanks, on this visit and the next', async () => {
    browser({ languages: ['it'] });
    const first = renderGate('GTM-ABC1234');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'No, thanks' }));
    expect(script()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Allow' })).toBeNull();
    first.unmount();
    renderGate('GTM-ABC1234');
    await settle();
    expect(screen.queryByRole('button', { name: 'Allow' })).toBeNull();
    expect(script()).toBeNull();
  });
});
