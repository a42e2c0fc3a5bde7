// The socket's event contract (zod and the shared schema), in a chunk of its own: the frame of every signed-in
// page carries the realtime bridge, and with this parser in it each page's first download took zod's 30 KB
// (issue 25 point 13). applyMessage.ts loads it when the first event arrives, or at the user's first move.
export { ZRealtimeEvent } from '@linkwatch/shared';
