import { useSyncExternalStore } from 'react';

export type NoticeKind = 'success' | 'info' | 'warning' | 'error';
export type Notice = { id: number; kind: NoticeKind; message: string };

let notices: readonly Notice[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function set(next: readonly Notice[]): void {
  notices = next;
  for (const listener of listeners) listener();
}

function push(kind: NoticeKind, message: string): number {
  const id = nextId++;
  // The same text twice in a row (a double click, two failing badges) shows once.
  if (notices.some((n) => n.kind === kind && n.message === message)) return id;
  set([...notices, { id, kind, message }]);
  return id;
}

export const notify = {
  success: (message: string) => push('success', message),
  info: (message: string) => push('info', message),
  warning: (message: string) => push('warning', message),
  error: (message: string) => push('error', message),
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
