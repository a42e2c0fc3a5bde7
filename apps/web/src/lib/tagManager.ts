/**
 * spec 7: the operator's tag manager is third-party and skipped when do-not-track is on. It loads only
 * when the browser sends neither Do Not Track nor Global Privacy Control, and, where the visitor's
 * languages suggest the EU rules (GDPR and ePrivacy ask for consent first), only after the visitor has
 * accepted it; the answer is remembered in this browser.
 */

export type Consent = 'granted' | 'denied';
export const CONSENT_KEY = 'linkwatch.tagManagerConsent';

type PrivacySignals = { doNotTrack?: string | null; globalPrivacyControl?: boolean };

/** DNT: 1 (navigator.doNotTrack, or window's in old browsers) or Sec-GPC (navigator.globalPrivacyControl). */
export function optedOut(signals: PrivacySignals = browserSignals()): boolean {
  return signals.doNotTrack === '1' || signals.doNotTrack === 'yes' || signals.globalPrivacyControl === true;
}

function browserSignals(): PrivacySignals {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  const legacy = (window as Window & { doNotTrack?: string }).doNotTrack;
  return { doNotTrack: nav.doNotTrack ?? legacy ?? null, globalPrivacyControl: nav.globalPrivacyControl };
}

/** The EU and EEA countries, and the United Kingdom (which kept the same rules). */
const EU_REGIONS = new Set(
  'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE IS LI NO GB'.split(' '),
);
/** Official languages of the EU other than English (spoken widely outside it too, so it needs a region). */
const EU_LANGUAGES = new Set(
  'bg hr cs da nl et fi fr de el hu ga it lv lt mt pl pt ro sk sl es sv'.split(' '),
);

/**
 * Whether the browser's languages suggest a visitor the EU rules protect: one of them names an EU or EEA
 * region (`en-IE`, `de-AT`), or is an EU language given without a region (`de`, `pl`). A guess on the
 * side of asking: `fr-CA` does not ask, `fr` does; Russian and Ukrainian (ru, uk) do not.
 */
export function suggestsEuRules(languages: readonly string[] = navigator.languages ?? []): boolean {
  return languages.some((tag) => {
    const [language = '', ...rest] = tag.split('-');
    const region = rest.find((part) => /^[A-Za-z]{2}$/.test(part))?.toUpperCase();
    if (region) return EU_REGIONS.has(region);
    return EU_LANGUAGES.has(language.toLowerCase());
  });
}

export function storedConsent(): Consent | null {
  try {
    const value = localStorage.getItem(CONSENT_KEY);
    return value === 'granted' || value === 'denied' ? value : null;
  } catch {
    return null;
  }
}

export function rememberConsent(consent: Consent): void {
  try {
    localStorage.setItem(CONSENT_KEY, consent);
  } catch {
    // Private mode without storage: asked again on the next visit.
  }
}

export type TagManagerState = 'off' | 'ask' | 'load';

/** What to do with a configured container: nothing, ask first, or load it. */
export function tagManagerState(params: {
  id: string | null | undefined;
  optedOut: boolean;
  euRules: boolean;
  consent: Consent | null;
}): TagManagerState {
  if (!params.id || params.optedOut) return 'off';
  if (params.consent === 'denied') return 'off';
  if (params.euRules && params.consent !== 'granted') return 'ask';
  return 'load';
}

const SCRIPT_ID = 'linkwatch-tag-manager';

/** Google Tag Manager's own snippet, as a script element (no inline script: the CSP allows none). */
export function loadTagManager(id: string): void {
  if (document.getElementById(SCRIPT_ID)) return;
  const w = window as Window & { dataLayer?: unknown[] };
  w.dataLayer = w.dataLayer ?? [];
  w.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.id = SCRIPT_ID;
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`;
  document.head.appendChild(script);
}
