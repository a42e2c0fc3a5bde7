import { useSyncExternalStore } from 'react';
import type { RealtimeStatus } from './connection.ts';

let status: RealtimeStatus = 'idle';
const listeners = new Set<() => void>();

export function setRealtimeStatus(next: RealtimeStatus): void {
  if (next === status) return;
  status = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether live updates are flowing; pages fall back to polling while they are not. */
export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(
    subscribe,
    () => status,
    () => status,
  );
}
