import { EventEmitter } from 'node:events';
import type pg from 'pg';

/**
 * Real-time events of spec point 4, plus task progress and the balance after a payment's notification
 * (`Balance`: `{ balance, isBlocked }`); each goes to one user's private channel.
 */
export type AppEventName =
  | 'CreateNotification'
  | 'ActionCount'
  | 'NewReportCount'
  | 'ActionProgress'
  | 'Balance'
  /** Internal: sessions ended (logout, password change or reset); their sockets close. Not forwarded. */
  | 'SessionsRevoked';

export interface AppEvent {
  userId: number;
  event: AppEventName;
  data: unknown;
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
