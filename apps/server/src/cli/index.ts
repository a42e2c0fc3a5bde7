import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/open.ts';
import { commands } from './commands.ts';

/**
 * Operator commands: `npm run cli -- <command> [--options]`. On the embedded database a running server's
 * database is reached through its socket; with the server stopped, the command opens it itself.
 */
async function main() {
  const [name, ...rest] = process.argv.slice(2);
  const command = commands.find((c) => c.name === name);
  if (!command) {
    console.log(
      ['Usage: npm run cli -- <command> [options]', '', ...commands.map((c) => `  ${c.usage}`)].join('\n'),
    );
    process.exitCode = name ? 1 : 0;
    return;
  }
  const { values } = parseArgs({ args: rest, options: command.options, strict: true });
  const database = await openDatabase(loadConfig());
  try {
    await database.migrate();
    console.log(await command.run(database.db, values as Record<string, string | boolean | undefined>));
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
