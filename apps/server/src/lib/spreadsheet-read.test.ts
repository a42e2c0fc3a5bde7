import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { prepareSheetReader, readFirstColumn, type SheetLimits } from './spreadsheet-read.ts';

const limits: SheetLimits = {
  maxLines: 1000,
  maxUnpackedBytes: 50 * 1024 * 1024,
  maxEntryBytes: 50 * 1024 * 1024,
  maxCells: 100_000,
  memoryMb: 256,
  seconds: 60,
};

function workbook(values: string[]): Uint8Array {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(values.map((v) => [v])), 'Links');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

describe('readFirstColumn', () => {
  it('reads files one after another and at once, each in a worker of its own, also after one ran out of time', async () => {
    const files = [0, 1, 2].map((n) =>
      workbook([`https://${n}.example.org/a`, `https://${n}.example.org/b`]),
    );
    const read = (content: Uint8Array, seconds = limits.seconds) =>
      readFirstColumn({ content, isZip: true, limits: { ...limits, seconds } });
    const first = await read(files[0]);
    expect(first).toEqual({
      ok: true,
      entries: [
        { line: 1, value: 'https://0.example.org/a' },
        { line: 2, value: 'https://0.example.org/b' },
      ],
    });
    // Too little time for anything: the worker is ended and the next reads do not notice.
    expect(await read(files[1], 0.001)).toEqual({ ok: false, reason: 'tooComplex' });
    const together = await Promise.all(files.map((content) => read(content)));
    expect(together.map((r) => r.ok && r.entries[1].value)).toEqual([
      'https://0.example.org/b',
      'https://1.example.org/b',
      'https://2.example.org/b',
    ]);
    // The caller's bytes are copied before the transfer, so it can read them again.
    expect((await read(files[2])).ok).toBe(true);
  });

  it('reads with the worker prepared while the file arrived, once however often it was prepared', async () => {
    prepareSheetReader(limits.memoryMb);
    prepareSheetReader(limits.memoryMb);
    const result = await readFirstColumn({
      content: workbook(['https://prepared.example.org/']),
      isZip: true,
      limits,
    });
    expect(result).toEqual({ ok: true, entries: [{ line: 1, value: 'https://prepared.example.org/' }] });
  });
});
