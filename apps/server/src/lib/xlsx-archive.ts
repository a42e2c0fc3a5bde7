import { Unzip, UnzipInflate, unzipSync } from 'fflate';

/**
 * Checks on an xlsx's zip archive that cost next to nothing compared with parsing the workbook: the
 * sizes its central directory declares, then the cells its XML really holds.
 */
export interface ArchiveLimits {
  maxUnpackedBytes: number;
  maxEntryBytes: number;
  maxCells: number;
}

export type ArchiveVerdict = 'ok' | 'unreadable' | 'unpackedTooLarge' | 'tooManyCells';

/** Reads only the central directory (the filter refuses every entry, so nothing is inflated). */
export function checkDeclaredSizes(content: Uint8Array, limits: ArchiveLimits): ArchiveVerdict {
  let total = 0;
  let tooLarge = false;
  try {
    unzipSync(content, {
      filter: (entry) => {
        total += entry.originalSize;
        if (entry.originalSize > limits.maxEntryBytes || total > limits.maxUnpackedBytes) tooLarge = true;
        return false;
      },
    });
  } catch {
    return 'unreadable';
  }
  return tooLarge ? 'unpackedTooLarge' : 'ok';
}

const LT = 0x3c;
const isNameEnd = (byte: number) =>
  byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d || byte === 0x3e || byte === 0x2f;

/**
 * Counts the `<c>` (cell) and `<si>` (shared string) elements of the XML it is fed, chunk by chunk,
 * whatever namespace prefix they carry. Closing tags, comments and declarations are not counted.
 */
class ElementCounter {
  cells = 0;
  strings = 0;
  private inName = false;
  private name = '';

  feed(chunk: Uint8Array) {
    for (let i = 0; i < chunk.length; i += 1) {
      const byte = chunk[i];
      if (byte === LT) {
        this.inName = true;
        this.name = '';
      } else if (this.inName) {
        if (isNameEnd(byte)) {
          this.inName = false;
          this.count();
        } else if (this.name.length < 16) this.name += String.fromCharCode(byte);
      }
    }
  }

  private count() {
    const local = this.name.slice(this.name.indexOf(':') + 1);
    if (local === 'c') this.cells += 1;
    else if (local === 'si') this.strings += 1;
  }
}

/**
 * Inflates every XML part as a stream, counting cells and bytes as they come, and stops at the first
 * limit passed. The real bytes are counted, so an archive that lies about its sizes is caught too.
 */
export function checkContent(content: Uint8Array, limits: ArchiveLimits): ArchiveVerdict {
  const counter = new ElementCounter();
  let total = 0;
  let verdict: ArchiveVerdict = 'ok';
  const unzip = new Unzip((file) => {
    if (!file.name.toLowerCase().endsWith('.xml')) return;
    let size = 0;
    file.ondata = (error, chunk) => {
      if (verdict !== 'ok') return;
      if (error) {
        verdict = 'unreadable';
        return;
      }
      size += chunk.length;
      total += chunk.length;
      if (size > limits.maxEntryBytes || total > limits.maxUnpackedBytes) verdict = 'unpackedTooLarge';
      counter.feed(chunk);
      if (counter.cells > limits.maxCells || counter.strings > limits.maxCells) verdict = 'tooManyCells';
      if (verdict !== 'ok') file.terminate();
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    // Fed in slices so a limit stops the inflating early instead of after the whole archive.
    const slice = 64 * 1024;
    for (let at = 0; at < content.length && verdict === 'ok'; at += slice) {
      unzip.push(content.subarray(at, at + slice), at + slice >= content.length);
    }
  } catch {
    return verdict === 'ok' ? 'unreadable' : verdict;
  }
  return verdict;
}
