import { EventEmitter } from 'node:events';
import type { TRealtimeEvent } from '@linkwatch/shared';
import type pg from 'pg';

/**
 * Internal: sessions of the user ended (logout, password change or reset): the tokens named (by hash), or
 * every one but `exceptTokenHash`. Their sockets close; never forwarded to a browser.
 */
export interface SessionsRevoked {
  tokenHashes?: string[];
  exceptTokenHash?: string;
}

/**
 * What the bus carries to one user's private channel: the real-time events of the shared contract
 * (`ZRealtimeEvent`: spec point 4, task progress, the balance after a payment's notification), and the
 * internal `SessionsRevoked`. A `userId` of null is a broadcast (issue 28: the operator changed the
 * site settings or a common price): every connected socket hears it on its own channel, but for the
 * accounts in `exceptUserIds`.
 */
export type AppEvent =
  | ({ userId: number } & (TRealtimeEvent | { event: 'SessionsRevoked'; data: SessionsRevoked }))
  | ({ userId: null; exceptUserIds?: number[] } & TRealtimeEvent);

/** Whether a socket of this account hears the event (its account's own, or a broadcast not excluding it). */
export function reaches(event: AppEvent, accountId: number): boolean {
  if (event.userId === null) return !event.exceptUserIds?.includes(accountId);
  return event.userId === accountId;
}

export interface EventBus {
  publish(event: AppEvent): Promise<void>;
  subscribe(listener: (event: AppEvent) => void): () => void;
  close(): Promise<void>;
}

export function inProcessBus(): EventBus {
  const emitter = new EventEmitter().setMaxListeners(0);
  return {
    async publish(event) {
      emitter.emit('event', event);
    },
    subscribe(listener) {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

const CHANNEL = 'linkwatch_events';

/**
 * Across processes: every process LISTENs on one PostgreSQL channel, and a publish is a NOTIFY, so a
 * worker process's progress reaches the browser connected to an API process.
 */
export async function postgresBus(pool: pg.Pool): Promise<EventBus> {
  const local = inProcessBus();
  const listener = await pool.connect();
  await listener.query(`LISTEN ${CHANNEL}`);
  listener.on('notification', (message) => {
    if (message.channel !== CHANNEL || !message.payload) return;
    void local.publish(JSON.parse(message.payload) as AppEvent);
  });
  return {
    async publish(event) {
      await pool.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify(event)]);
    },
    subscribe: local.subscribe,
    async close() {
      await listener.query(`UNLISTEN ${CHANNEL}`).catch(() => undefined);
      listener.release();
      await local.close();
    },
  };
}
