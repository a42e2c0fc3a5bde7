/**
 * spec 7: the operator's tag manager (Google Tag Manager) is allowed by the Content-Security-Policy only
 * when one is configured; with none, the policy names no Google host for it. Kept apart from the
 * policy itself (app.ts) so the policy reads the same with or without it.
 */
const TAG_MANAGER_SOURCES = {
  scriptSrc: ['https://www.googletagmanager.com'],
  imgSrc: ['https://www.googletagmanager.com', 'https://*.google-analytics.com'],
  connectSrc: [
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
    'https://www.googletagmanager.com',
  ],
} as const;

type Directives = Record<string, unknown>;

export function withTagManager<D extends Directives>(directives: D, tagManagerId: string | undefined): D {
  if (!tagManagerId) return directives;
  const out: Directives = { ...directives };
  for (const [name, sources] of Object.entries(TAG_MANAGER_SOURCES)) {
    const current = out[name];
    const base = Array.isArray(current) ? current : name === 'imgSrc' ? ["'self'", 'data:'] : ["'self'"];
    out[name] = [...base, ...sources];
  }
  return out as D;
}
