import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { pipeline, Readable } from 'node:stream';
import { parentPort } from 'node:worker_threads';
import { parse } from 'csv-parse';
import type { CsvLimits, CsvMessage, CsvRecord, CsvRefusal, CsvRequest } from './crawler-csv.ts';

/**
 * Runs in a worker thread (crawler-csv.ts): parsing a large or hostile file takes seconds of CPU.
 * Booted ahead, it waits for its one request (the file and the limits) as its first message.
 */
let limits: CsvLimits;

class Refusal extends Error {
  constructor(readonly refusal: CsvRefusal) {
    super(refusal.reason);
  }
}

type Encoding = 'utf-16le' | 'utf-16be' | 'utf-8';

/** UTF-16 by its BOM (or by the zero bytes of ASCII text without one), else UTF-8. */
function encodingOf(head: Uint8Array): Encoding {
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  if (head.length >= 4 && head[1] === 0 && head[3] === 0 && head[0] !== 0) return 'utf-16le';
  return 'utf-8';
}

/** The separator the first line uses most: tab (Ahrefs' UTF-16 export), comma or semicolon (Excel in many locales). */
function delimiterOf(head: Buffer, encoding: Encoding): string {
  const firstLine = new TextDecoder(encoding).decode(head).split(/\r\n|\n|\r/)[0] ?? '';
  const counts = ['\t', ',', ';'].map((d) => ({ d, n: firstLine.split(d).length - 1 }));
  counts.sort((a, b) => b.n - a.n);
  return counts[0].n > 0 ? counts[0].d : ',';
}

/** The file a megabyte at a time: the worker never holds the whole of it. */
const chunks = (filePath: string) => createReadStream(filePath, { highWaterMark: 1024 * 1024 });

/** More than the file's records can be: every line feed, and every carriage return not before one. */
async function lineBound(filePath: string, encoding: Encoding): Promise<number> {
  const unit = encoding === 'utf-8' ? 1 : 2;
  const low = encoding === 'utf-16be' ? 1 : 0;
  let lines = 1;
  let afterCr = false;
  let carry: Buffer = Buffer.alloc(0);
  for await (const chunk of chunks(filePath)) {
    const data = carry.length > 0 ? Buffer.concat([carry, chunk as Buffer]) : (chunk as Buffer);
    const end = data.length - (data.length % unit);
    for (let i = 0; i < end; i += unit) {
      const code = unit === 1 || data[i + 1 - low] === 0 ? data[i + low] : -1;
      if (code === 0x0a) lines += 1;
      else if (afterCr) lines += 1;
      afterCr = code === 0x0d;
    }
    carry = data.subarray(end);
  }
  return afterCr ? lines + 1 : lines;
}

async function* texts(filePath: string, encoding: Encoding): AsyncGenerator<string> {
  const decoder = new TextDecoder(encoding);
  for await (const chunk of chunks(filePath)) {
    const text = decoder.decode(chunk as Buffer, { stream: true });
    if (text.includes('\u0000')) throw new Refusal({ reason: 'unreadable' });
    yield text;
  }
  const tail = decoder.decode();
  if (tail) yield tail;
}

const blank = (cells: string[]) => cells.every((cell) => cell.trim() === '');

interface Source {
  filePath: string;
  encoding: Encoding;
  delimiter: string;
}

/** The file's non-blank records with their row numbers (blank lines are records too, so rows count them). */
async function* records({ filePath, encoding, delimiter }: Source): AsyncGenerator<CsvRecord> {
  const parser = parse({
    delimiter,
    bom: true,
    relax_quotes: true,
    relax_column_count: true,
    max_record_size: limits.maxRowChars,
  });
  // The parser is read below; an error of the text or the parser destroys it, and the loop throws.
  pipeline(Readable.from(texts(filePath, encoding)), parser, () => undefined);
  let row = 0;
  try {
    for await (const cells of parser as AsyncIterable<string[]>) {
      row += 1;
      if (cells.length > limits.maxColumns) throw new Refusal({ reason: 'tooManyColumns', row });
      if (!blank(cells)) yield { row, cells: cells.slice(0, limits.keepColumns) };
    }
  } catch (error) {
    if (error instanceof Refusal) throw error;
    // The parser counts the records it has parsed, some of them not yet read here.
    const { code, records: parsed } = error as { code?: string; records?: number };
    if (code === 'CSV_MAX_RECORD_SIZE') throw new Refusal({ reason: 'rowTooLong', row: (parsed ?? row) + 1 });
    throw new Refusal({ reason: 'unreadable' });
  }
}

/** 1 when the file's first record is a header row (crawler-formats.ts), else 0. */
async function headerRows(source: Source): Promise<number> {
  const reading = records(source);
  try {
    const first = await reading.next();
    if (first.done) return 0;
    // Loaded only here, for the rare file near the row limit: it brings the shared package, which
    // would double the worker's start for every file.
    const { detectLayout } = await import('./crawler-formats.ts');
    return detectLayout(first.value.cells).headerRows;
  } finally {
    await reading.return(undefined);
  }
}

/** Data rows past the limit, told by reading the whole file once. */
async function tooManyRows(source: Source, header: number): Promise<boolean> {
  let count = 0;
  for await (const _ of records(source)) {
    count += 1;
    if (count - header > limits.maxRows) return true;
  }
  return false;
}

/** Refuses a file of more data rows than allowed; only one with more lines than that pays for counting. */
async function checkRows(source: Source) {
  const bound = await lineBound(source.filePath, source.encoding);
  if (bound <= limits.maxRows) return;
  const header = await headerRows(source);
  if (bound > limits.maxRows + header && (await tooManyRows(source, header)))
    throw new Refusal({ reason: 'tooManyRows' });
}

const post = (message: CsvMessage) => parentPort?.postMessage(message);
const asked = () => new Promise((resolve) => parentPort?.once('message', resolve));

async function readHead(filePath: string): Promise<Buffer> {
  const handle = await open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

async function main(filePath: string) {
  const head = await readHead(filePath);
  const encoding = encodingOf(head);
  const source = { filePath, encoding, delimiter: delimiterOf(head, encoding) };
  await checkRows(source);
  let batch: CsvRecord[] = [];
  for await (const record of records(source)) {
    batch.push(record);
    if (batch.length < limits.batchRows) continue;
    post({ type: 'records', records: batch });
    batch = [];
    await asked();
  }
  if (batch.length > 0) {
    post({ type: 'records', records: batch });
    await asked();
  }
  post({ type: 'end' });
}

// The thread ends by itself once nothing is left to wait for; the parent terminates it anyway.
parentPort?.once('message', (request: CsvRequest) => {
  limits = request.limits;
  main(request.filePath).catch((error: unknown) => {
    if (!(error instanceof Refusal)) throw error;
    post({ type: 'refused', refusal: error.refusal });
  });
});
