import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const AIM = 95;
const DEBUG_PORT = 9333;

type LighthousePage = { name: string; path: string; loggedIn: boolean };

/**
 * Lighthouse performance and accessibility of each page, on Debian's Chromium. Each page gets a fresh
 * profile (a cold cache), with the session cookie set beforehand when it needs a login; Lighthouse's own
 * storage reset is off, or it would clear that cookie. `LIGHTHOUSE=0` skips it; `LIGHTHOUSE_PRESET=mobile`
 * uses Lighthouse's default mobile emulation instead of its desktop preset.
 */
export async function runLighthouse(params: {
  chromePath: string;
  url: string;
  token: string;
  pages: LighthousePage[];
}): Promise<void> {
  if (process.env.LIGHTHOUSE === '0') return;
  const preset = process.env.LIGHTHOUSE_PRESET === 'mobile' ? 'mobile' : 'desktop';
  console.log(`Lighthouse (${preset} preset, aims ≥ ${AIM}):`);
  for (const page of params.pages) {
    const profile = await mkdtemp(path.join(tmpdir(), 'linkwatch-lighthouse-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: params.chromePath,
      args: ['--no-sandbox', `--remote-debugging-port=${DEBUG_PORT}`],
    });
    try {
      if (page.loggedIn) {
        await context.addCookies([{ name: 'auth._token', value: params.token, url: params.url }]);
      }
      const result = await lighthouse(
        `${params.url}${page.path}`,
        {
          port: DEBUG_PORT,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          disableStorageReset: true,
        },
        preset === 'desktop' ? desktopConfig : undefined,
      );
      const categories = result?.lhr.categories;
      const score = (id: string) => Math.round((categories?.[id]?.score ?? 0) * 100);
      const perf = score('performance');
      const a11y = score('accessibility');
      const verdict = perf >= AIM && a11y >= AIM ? 'ok' : 'BELOW';
      console.log(
        `  ${page.name.padEnd(18)} performance ${String(perf).padStart(3)}   accessibility ${String(a11y).padStart(3)}   ${verdict}`,
      );
    } catch (error) {
      console.log(
        `  ${page.name.padEnd(18)} Lighthouse failed: ${error instanceof Error ? error.message : error}`,
      );
    } finally {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    }
  }
}
