/** The connection states a page may show (the tasks page polls while the socket is not open). */
export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'closed';

export type RealtimeMessage = { channel: string; event: string; data: unknown };

export type SocketFactory = (url: string) => WebSocket;

type ConnectOptions = {
  url: string;
  onMessage: (message: RealtimeMessage) => void;
  onStatus: (status: RealtimeStatus) => void;
  createSocket?: SocketFactory;
};

/** The server closes with this code when the token is not (or no longer) valid: retrying will not help. */
const UNAUTHENTICATED = 4401;
const BACKOFF_START_MS = 1_000;
const BACKOFF_MAX_MS = 30_000;

/** Waits 1 s, 2 s, 4 s … up to 30 s between attempts, with ±20 % jitter so clients do not reconnect in step. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_START_MS * 2 ** attempt);
  return Math.round(base * (0.8 + random() * 0.4));
}

export function parseMessage(raw: unknown): RealtimeMessage | null {
  if (typeof raw !== 'string') return null;
  try {
    const value = JSON.parse(raw) as Partial<RealtimeMessage>;
    return typeof value?.event === 'string'
      ? { channel: String(value.channel ?? ''), event: value.event, data: value.data }
      : null;
  } catch {
    return null;
  }
}

/** One WebSocket that reconnects with backoff until `close()` (logout) is called. */
export function connectRealtime({
  url,
  onMessage,
  onStatus,
  createSocket = (u) => new WebSocket(u),
}: ConnectOptions) {
  let socket: WebSocket | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let stopped = false;

  const open = () => {
    if (stopped) return;
    onStatus('connecting');
    const current = createSocket(url);
    socket = current;
    current.onopen = () => {
      attempt = 0;
      onStatus('open');
    };
    current.onmessage = (event) => {
      const message = parseMessage(event.data);
      if (message) onMessage(message);
    };
    current.onclose = (event) => {
      if (socket !== current) return;
      socket = null;
      onStatus('closed');
      if (stopped || event.code === UNAUTHENTICATED) return;
      timer = setTimeout(open, backoffDelay(attempt));
      attempt += 1;
    };
  };

  open();
  return {
    close() {
      stopped = true;
      clearTimeout(timer);
      const current = socket;
      socket = null;
      current?.close(1000);
      onStatus('idle');
    },
  };
}

export function realtimeUrl(
  token: string,
  location: Pick<Location, 'protocol' | 'host'> = window.location,
): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/ws?token=${encodeURIComponent(token)}`;
}
