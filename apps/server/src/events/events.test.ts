import { ActionCode } from '@linkwatch/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { openPostgres } from '../db/client.ts';
import { makeCampaign, makeLinks, makeProject, makeUserWithToken } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { type AppEvent, postgresBus } from './bus.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Received = { channel: string; event: string; data: Record<string, unknown> };

/** Connects and records every message from the first one on. */
async function connect(app: TestApp['app'], token: string) {
  const events: Received[] = [];
  const socket = await app.injectWS(
    `/ws?token=${token}`,
    {},
    {
      onInit: (ws: WebSocket) => ws.on('message', (raw) => events.push(JSON.parse(String(raw)))),
    },
  );
  return { socket, events };
}

async function until(check: () => boolean, timeoutMs = 5_000) {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('WebSocket /ws', () => {
  it('refuses a connection without a valid token', async () => {
    const socket = await t.app.injectWS('/ws?token=nope');
    const code = await new Promise<number>((resolve) => socket.on('close', (c) => resolve(c)));
    expect(code).toBe(4401);
  });

  it('streams a user’s task events on their private channel only', async () => {
    const { user, token } = await makeUserWithToken(t.db, { balance: 10 });
    const other = await makeUserWithToken(t.db);
    const project = await makeProject(t.db, { userId: user.id });
    const campaign = await makeCampaign(t.db, { userId: user.id, projectId: project.id });
    await makeLinks(t.db, { campaign, urls: ['http://127.0.0.1:9/unreachable'] });

    const { socket: mine, events } = await connect(t.app, token);
    const { socket: theirs, events: leaked } = await connect(t.app, other.token);
    await until(() => events.some((e) => e.event === 'Subscribed') && leaked.length > 0);

    await t.api('POST', `actions/${ActionCode.CheckBacklinks}/start?campaign=${campaign.id}`, { token });
    await t.drain();
    await until(() => events.some((e) => e.event === 'CreateNotification'));

    expect(new Set(events.map((e) => e.channel))).toEqual(new Set([`user.${user.id}`]));
    expect(events.map((e) => e.event)).toEqual(
      expect.arrayContaining(['ActionCount', 'ActionProgress', 'CreateNotification']),
    );
    expect(events.filter((e) => e.event === 'ActionCount').at(-1)?.data).toEqual({ count: 0 });
    expect(leaked.filter((e) => e.event !== 'Subscribed')).toEqual([]);
    mine.terminate();
    theirs.terminate();
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL event bus', () => {
  it('carries an event published in one process to listeners of another', async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const a = openPostgres(url, 2);
    const b = openPostgres(url, 2);
    const busA = await postgresBus(a.pool!);
    const busB = await postgresBus(b.pool!);
    const received: unknown[] = [];
    busB.subscribe((event) => received.push(event));
    await busA.publish({ userId: 7, event: 'ActionCount', data: { count: 3 } });
    await until(() => received.length === 1);
    expect(received).toEqual([{ userId: 7, event: 'ActionCount', data: { count: 3 } }]);
    // A broadcast (issue 28: the operator's settings) crosses processes the same way.
    const broadcast: AppEvent = { userId: null, exceptUserIds: [7], event: 'SettingsChanged', data: {} };
    await busA.publish(broadcast);
    await until(() => received.length === 2);
    expect(received[1]).toEqual(broadcast);
    await busA.close();
    await busB.close();
    await a.close();
    await b.close();
  });
});
