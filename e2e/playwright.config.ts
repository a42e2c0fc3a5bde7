import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/** A free port, chosen once: workers re-read this file but inherit the environment set here. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

process.env.E2E_PORT ??= String(await freePort());
// The demo seeds a fresh database with an account that has credits and a campaign whose donor pages
// are served on this loopback port (the one origin the SSRF guard lets through): tasks.spec.ts checks it.
process.env.E2E_DEMO_WEB_PORT ??= String(await freePort());
// Alerts (alerts.spec.ts): the server's Telegram bot talks to our Telegram Bot API stand-in on loopback,
// started below as a second web server; the test presses Start and reads the bot's messages through it.
process.env.E2E_TELEGRAM_PORT ??= String(await freePort());
process.env.E2E_TELEGRAM_TOKEN ??= '123456:E2E-stand-in-token';
// A fresh data directory per run: a new embedded database and an empty mail folder.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'linkwatch-e2e-'));

const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;
const telegramURL = `http://127.0.0.1:${process.env.E2E_TELEGRAM_PORT}`;

export default defineConfig({
  testDir: 'tests',
  // Spec files run side by side (tests within a file stay in order): each makes its own accounts, and
  // only tasks.spec.ts uses the demo customer. Most of a browser test is waiting for pages and the
  // worker, so two at a time fill the second core.
  workers: 2,
  fullyParallel: false,
  // One more try for a test that fails: the list prints it as "flaky" with its first error, and it stays a
  // defect to fix (each one so far was a race between the test and the page on a loaded 2-core machine:
  // a key sent before a dialog listened, a click before the pointer came back). A test that fails twice
  // fails the run.
  retries: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  globalTeardown: './global-teardown.ts',
  use: {
    baseURL,
    // No trace by default: recording one for every test (kept only for failures) cost 8% of the stage's
    // wall time and 6.5% of its CPU (4 specs: 137 s / 248 s against 126 s / 231 s). A failure still prints
    // its error and call log and keeps a screenshot and the page's accessibility snapshot (error-context.md);
    // to follow one step by step, re-run its spec with E2E_TRACE=1 (or --trace on).
    trace: process.env.E2E_TRACE
      ? { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: false }
      : 'off',
    screenshot: 'only-on-failure',
    // The skeletons' pulse and the spinners run forever: with motion on, the browser painted a frame every
    // 16 ms while a test waited for them to go. Reduced motion stops them (styles.css), as it does for a
    // reader who asks for it; the screens and their order are the same. Three specs (accessibility, links,
    // projects) ran in 281 s of wall time and 453 s of CPU with motion, 234 s and 363 s without.
    reducedMotion: 'reduce',
    launchOptions: {
      // Debian's headless shell (Chromium's own headless build, package `chromium-headless-shell`), as
      // Playwright uses by default: the full browser in headless mode took 8% more CPU on the same specs
      // (accessibility, links, projects: 495 s against 453 s).
      executablePath: '/usr/lib/chromium/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: [
    {
      command: 'node --import tsx ../apps/server/src/providers/messengers/stand-ins/serve-telegram.ts',
      url: `${telegramURL}/_stand-in/sent`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        TELEGRAM_STAND_IN_PORT: String(process.env.E2E_TELEGRAM_PORT),
        TELEGRAM_BOT_TOKEN: String(process.env.E2E_TELEGRAM_TOKEN),
      },
    },
    {
      command: 'node --import tsx ../apps/server/src/main.ts',
      url: `${baseURL}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_DATA_DIR,
        DEMO: '1',
        DEMO_WEB_PORT: process.env.E2E_DEMO_WEB_PORT,
        APP_URL: baseURL,
        LOG_LEVEL: 'warn',
        // The server shares a 2-core machine with the browser and runs its own worker: a second of
        // event-loop lag there is the machine, not the product. Load shedding is tested in site.test.ts.
        MAX_EVENT_LOOP_DELAY_MS: '10000',
        // No headless Chromium inside the server beside the test browsers on 2 cores: rendered checks are
        // tested in the checker's and the server's suites (one Chromium per file).
        RENDER_BROWSERS: '0',
        TELEGRAM_BOT_TOKEN: String(process.env.E2E_TELEGRAM_TOKEN),
        TELEGRAM_BASE_URL: telegramURL,
      },
    },
  ],
});
