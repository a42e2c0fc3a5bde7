import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Starts a stand-in's server and answers its origin, with the port the system gave when asked for 0. */
export async function listenAt(server: Server, host: string, port: number): Promise<string> {
  server.listen(port, host);
  await once(server, 'listening');
  return `http://${host}:${(server.address() as AddressInfo).port}`;
}

/** A stand-in's `failNext`: its next `times` API answers are `reply` (an outage or a refusal a test injects). */
export function failNextInto<Reply>(failures: Reply[]) {
  return (reply: Reply, times = 1) => {
    for (let i = 0; i < times; i++) failures.push(reply);
  };
}

/** Stops a stand-in's server, its open connections too (a browser's keep-alive would hold it open). */
export async function closeNow(server: Server): Promise<void> {
  server.closeAllConnections();
  server.close();
  await once(server, 'close');
}
