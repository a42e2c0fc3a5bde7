/**
 * The links CSV export alone in a process of its own, as the mailed export writes it (export rows →
 * csv stream → file), for links.bench.ts: its peak RSS shows what the export itself costs, apart from
 * the memory an API process already holds. Arguments: database URL, user id, campaign id, output
 * file. Prints one JSON line: rows, seconds, RSS before and peak, in MB.
 */
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { openPostgres } from '../src/db/client.ts';
import { csvChunkStream } from '../src/lib/spreadsheet.ts';
import { exportChunks } from '../src/modules/links/export.rows.ts';
import { linkFiltersWhere } from '../src/modules/links/links.filters.ts';
import { peakRss } from './measure.ts';

const [url, userId, campaignId, file] = process.argv.slice(2);
const database = openPostgres(url, 2);
const where = linkFiltersWhere({
  userId: Number(userId),
  filters: { campaign: Number(campaignId), type: 2 },
});
const MB = 1024 * 1024;
const beforeMb = process.memoryUsage().rss / MB;
const startedAt = performance.now();
let rows = -1; // the header is not a link
async function* counted(chunks: AsyncIterable<(string | number | null)[][]>) {
  for await (const chunk of chunks) {
    rows += chunk.length;
    yield chunk;
  }
}
const { peakMb } = await peakRss(() =>
  pipeline(
    csvChunkStream(counted(exportChunks(database.db, { where, locale: 'en' }))),
    createWriteStream(file),
  ),
);
const seconds = (performance.now() - startedAt) / 1000;
await database.close();
console.log(JSON.stringify({ rows, seconds, beforeMb, peakMb }));
