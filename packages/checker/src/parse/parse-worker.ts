import { parentPort } from 'node:worker_threads';
import { ParseJobRunner, type ParseMessage, type ParseReply } from './parse-job.ts';

// Worker side of ParsePool: decode and parse off the API's event loop.
const port = parentPort;
if (!port) throw new Error('parse-worker.ts must run inside a worker thread');

const runner = new ParseJobRunner();
port.on('message', (message: ParseMessage) => {
  let reply: ParseReply;
  try {
    reply = { id: message.id, ok: true, page: runner.runMessage(message) };
  } catch (error) {
    reply = { id: message.id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});
