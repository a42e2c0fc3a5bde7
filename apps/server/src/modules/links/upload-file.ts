import path from 'node:path';
import {
  LINK_UPLOAD_EXTENSIONS,
  LINK_UPLOAD_MAX_CELLS,
  LINK_UPLOAD_MAX_LINES,
  LINK_UPLOAD_MAX_UNPACKED_BYTES,
  LINK_UPLOAD_MAX_UNPACKED_ENTRY_BYTES,
  LINK_UPLOAD_READ_MEMORY_MB,
  LINK_UPLOAD_READ_SECONDS,
} from '@linkwatch/shared';
import { FieldError } from '../../errors.ts';
import {
  prepareSheetReader,
  readFirstColumn,
  type SheetLimits,
  type SheetRefusal,
} from '../../lib/spreadsheet-read.ts';

/** One non-blank value of the file, with the line (txt) or row (spreadsheet) it came from. */
export interface UploadEntry {
  line: number;
  value: string;
}

type Extension = (typeof LINK_UPLOAD_EXTENSIONS)[number];

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

const fileError = (key: string, params?: Record<string, string | number>) =>
  new FieldError({ file: { key: `links.upload.${key}`, params } });
const tooManyLines = () => fileError('tooManyLines', { max: LINK_UPLOAD_MAX_LINES.toLocaleString('en-US') });

const lowerExtension = (filename: string) => path.extname(filename).slice(1).toLowerCase();

function extensionOf(filename: string): Extension {
  const ext = lowerExtension(filename);
  if (!(LINK_UPLOAD_EXTENSIONS as readonly string[]).includes(ext)) throw fileError('unsupportedType');
  return ext as Extension;
}

/**
 * The URLs of an uploaded file: txt (one a line) or the first column of the first sheet of an xlsx or
 * xls. The extension and the bytes must agree, so a renamed binary is refused instead of being read
 * as garbage lines. A workbook is read in a worker thread, within the limits above (lib/spreadsheet-read.ts).
 */
export async function readUploadFile(file: { filename: string; content: Buffer }): Promise<UploadEntry[]> {
  const ext = extensionOf(file.filename);
  if (file.content.length === 0) throw fileError('empty');
  const isZip = file.content.subarray(0, 4).equals(ZIP_MAGIC);
  const isOle = file.content.subarray(0, 8).equals(OLE_MAGIC);
  if (ext === 'txt') {
    if (isZip || isOle) throw fileError('unreadable', { format: 'txt' });
    return textEntries(file.content);
  }
  // Excel saves either format under either name often enough: any real workbook is accepted.
  if (!isZip && !isOle) throw fileError('unreadable', { format: ext });
  return spreadsheetEntries(file.content, ext, isZip);
}

/** UTF-8 (BOM or not) or UTF-16 with its BOM, as Excel's "Unicode text" writes; anything else is refused. */
function decodeText(content: Buffer): string {
  let text: string;
  try {
    if (content[0] === 0xff && content[1] === 0xfe)
      text = new TextDecoder('utf-16le', { fatal: true }).decode(content.subarray(2));
    else if (content[0] === 0xfe && content[1] === 0xff)
      text = new TextDecoder('utf-16be', { fatal: true }).decode(content.subarray(2));
    else text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(content);
  } catch {
    throw fileError('unreadable', { format: 'txt' });
  }
  if (text.includes('\u0000')) throw fileError('unreadable', { format: 'txt' });
  return text;
}

function textEntries(content: Buffer): UploadEntry[] {
  const lines = decodeText(content).split(/\r\n|\r|\n/);
  const entries: UploadEntry[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const value = lines[i].trim();
    if (value === '') continue;
    entries.push({ line: i + 1, value });
    if (entries.length > LINK_UPLOAD_MAX_LINES) throw tooManyLines();
  }
  if (entries.length === 0) throw fileError('empty');
  return entries;
}

const SHEET_LIMITS: SheetLimits = {
  maxLines: LINK_UPLOAD_MAX_LINES,
  maxUnpackedBytes: LINK_UPLOAD_MAX_UNPACKED_BYTES,
  maxEntryBytes: LINK_UPLOAD_MAX_UNPACKED_ENTRY_BYTES,
  maxCells: LINK_UPLOAD_MAX_CELLS,
  memoryMb: LINK_UPLOAD_READ_MEMORY_MB,
  seconds: LINK_UPLOAD_READ_SECONDS,
};

/** Called as a file part starts to arrive: a workbook's reader boots while the bytes come in. */
export function prepareUploadReading(filename: string) {
  const ext = lowerExtension(filename);
  if (ext === 'xlsx' || ext === 'xls') prepareSheetReader(SHEET_LIMITS.memoryMb);
}

const MB = 1024 * 1024;

function refusal(reason: SheetRefusal, ext: Extension): FieldError {
  switch (reason) {
    case 'unreadable':
      return fileError('unreadable', { format: ext });
    case 'tooManyLines':
      return tooManyLines();
    case 'unpackedTooLarge':
      return fileError('unpackedTooLarge', { max: LINK_UPLOAD_MAX_UNPACKED_BYTES / MB });
    case 'tooManyCells':
      return fileError('tooManyCells', { max: LINK_UPLOAD_MAX_CELLS.toLocaleString('en-US') });
    case 'tooComplex':
      return fileError('tooComplex');
  }
}

async function spreadsheetEntries(content: Buffer, ext: Extension, isZip: boolean): Promise<UploadEntry[]> {
  const result = await readFirstColumn({ content, isZip, limits: SHEET_LIMITS });
  if (!result.ok) throw refusal(result.reason, ext);
  if (result.entries.length === 0) throw fileError('noLinks');
  return result.entries;
}

/** Words, spaces and a few signs, as a column's title has: no dot, slash or digit as an address has. */
const HEADER_LIKE = /^[\p{L}\s_()#№:-]{1,60}$/u;

/**
 * A first line that reads as a column's title ("URL", "Links", "Ссылка") is the file's header, not an
 * invalid line: it is set apart, and the answer says it was skipped.
 */
export function withoutHeader(entries: UploadEntry[]): {
  header: UploadEntry | null;
  entries: UploadEntry[];
} {
  const [first, ...rest] = entries;
  if (!first || !HEADER_LIKE.test(first.value)) return { header: null, entries };
  return { header: first, entries: rest };
}
