import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('the tag manager (spec 7)', () => {
  it('is none by default: the settings name none and the CSP allows no tag manager host', async () => {
    t = await createTestApp();
    const res = await t.api('GET', 'settings');
    expect(res.body.data.attributes.tagManagerId).toBeNull();
    expect(res.headers['content-security-policy']).not.toContain('googletagmanager');
  });

  it('is handed to the web app through the settings, and only then allowed by the CSP', async () => {
    t = await createTestApp({ env: { TAG_MANAGER_ID: 'GTM-ABC1234' } });
    const res = await t.api('GET', 'settings');
    expect(res.body.data.attributes.tagManagerId).toBe('GTM-ABC1234');
    const csp = String(res.headers['content-security-policy']);
    const directive = (name: string) => csp.split(';').find((d) => d.trim().startsWith(`${name} `)) ?? '';
    expect(directive('script-src')).toContain('https://www.googletagmanager.com');
    expect(directive('script-src')).toContain("'self'");
    expect(directive('img-src')).toContain("'self' data:");
    expect(directive('connect-src')).toContain('google-analytics.com');
  });

  it('refuses an id that is not a container id', () => {
    expect(() => loadConfig({ TAG_MANAGER_ID: '"><script>' })).toThrow();
    expect(loadConfig({ TAG_MANAGER_ID: '' }).tagManager.id).toBeUndefined();
  });
});
