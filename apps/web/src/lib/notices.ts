import { useSyncExternalStore } from 'react';

export type NoticeKind = 'success' | 'info' | 'warning' | 'error';
/** `description`: a second line under the message (what to do about it). */
export type Notice = { id: number; kind: NoticeKind; message: string; description?: string };

let notices: readonly Notice[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function set(next: readonly Notice[]): void {
  notices = next;
  for (const listener of listeners) listener();
}

function push(kind: NoticeKind, message: string, description?: string): number {
  const id = nextId++;
  // The same text twice in a row (a double click, two failing badges) shows once.
  if (notices.some((n) => n.kind === kind && n.message === message)) return id;
  set([...notices, { id, kind, message, ...(description ? { description } : {}) }]);
  return id;
}

export const notify = {
  success: (message: string, description?: string) => push('success', message, description),
  info: (message: string, description?: string) => push('info', message, description),
  warning: (message: string, description?: string) => push('warning', message, description),
  error: (message: string, description?: string) => push('error', message, description),
  dismiss: (id: number) => set(notices.filter((n) => n.id !== id)),
  dismissAll: () => set([]),
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useNotices(): readonly Notice[] {
  return useSyncExternalStore(
    subscribe,
    () => notices,
    () => notices,
  );
}
