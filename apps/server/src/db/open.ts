import { type Database, openPostgres } from './client.ts';
import { openEmbedded } from './embedded.ts';

/**
 * PostgreSQL when a URL is given, else the embedded database of `dataDir`, served from a thread of its
 * own (embedded.ts) and reached through the same driver.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  onEmbeddedExit?: (error: Error) => void;
}): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openEmbedded({ dataDir: options.dataDir, onExit: options.onEmbeddedExit });
}
