import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';

/**
 * JSON lines for log collectors; for a person at a terminal, one coloured line per event with its
 * time. Written synchronously, so the last lines before an exit are not lost.
 */
export function createLogger({ level, pretty: forPerson }: { level: string; pretty: boolean }): Logger {
  if (!forPerson) return pino({ level });
  return pino(
    { level },
    pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId', sync: true }),
  );
}
