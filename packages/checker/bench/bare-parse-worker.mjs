// The "bare" phase's parse thread: htmlparser2's Parser over each page, counting links. Plain
// JavaScript so it loads without tsx: this phase measures the machine, not our code.
import { parentPort } from 'node:worker_threads';
import { Parser } from 'htmlparser2';

const decoder = new TextDecoder();
parentPort.on('message', ({ id, bytes }) => {
  let links = 0;
  const parser = new Parser({
    onopentag(name, attribs) {
      if (name === 'a' && attribs.href) links++;
    },
  });
  parser.end(decoder.decode(bytes));
  parentPort.postMessage({ id, links });
});
