import type { ParseArgsConfig } from 'node:util';
import type { Db } from '../db/client.ts';

/** One operator command: `npm run cli -- <name> [--options]`; `run` answers what to print. */
export interface Command {
  name: string;
  usage: string;
  options: NonNullable<ParseArgsConfig['options']>;
  run(db: Db, values: Record<string, string | boolean | undefined>): Promise<string>;
}
