// The app mounts the bridge once; pages read the socket's status to decide whether to poll.
export { RealtimeBridge } from './RealtimeBridge.tsx';
export { useRealtimeStatus } from './status.ts';
