import { collapseWhitespace, firstChars, lastChars } from './text.ts';

/** How much evidence text is kept on each side of a link. */
export const EVIDENCE_CHARS = 100;
// Raw text is gathered as it comes and collapsed in batches: one regex pass per link instead of
// one per text node keeps this off the parse profile.
const RAW_TRAIL_LIMIT = 16 * 1024;
const COMPACT_TRAIL_CHARS = EVIDENCE_CHARS * 2;
// A link followed by pages of whitespace still gets settled eventually.
const RAW_AFTER_LIMIT = 16 * 1024;

interface PendingAfterText {
  target: { textAfter: string };
  raw: string;
}

/**
 * Follows the visible text of a page as it streams past so each backlink can keep the text just
 * before and just after it as evidence (whitespace-collapsed).
 */
export class VisibleTextTrail {
  #raw = '';
  #pending: PendingAfterText[] = [];

  append(text: string): void {
    this.#raw += text;
    if (this.#raw.length > RAW_TRAIL_LIMIT) this.#compact();
    if (this.#pending.length > 0) this.#feedPending(text);
  }

  /** Block elements separate words even when the markup has no whitespace between them. */
  breakWord(): void {
    this.append(' ');
  }

  textBefore(): string {
    this.#compact();
    return lastChars(this.#raw.trimEnd(), EVIDENCE_CHARS).trimStart();
  }

  /** Fills `target.textAfter` once enough text has followed, or at `finish()`. */
  collectTextAfter(target: { textAfter: string }): void {
    this.#pending.push({ target, raw: '' });
  }

  finish(): void {
    for (const pending of this.#pending) settle(pending);
    this.#pending = [];
  }

  #compact(): void {
    this.#raw = lastChars(collapseWhitespace(this.#raw), COMPACT_TRAIL_CHARS);
  }

  #feedPending(text: string): void {
    for (const pending of this.#pending) pending.raw += text;
    // Links close in document order, so the ones with enough text are always at the front.
    let settled = 0;
    while (settled < this.#pending.length && hasEnoughText(this.#pending[settled].raw)) {
      settle(this.#pending[settled]);
      settled++;
    }
    if (settled > 0) this.#pending = this.#pending.slice(settled);
  }
}

function hasEnoughText(raw: string): boolean {
  if (raw.length <= EVIDENCE_CHARS) return false;
  if (raw.length > RAW_AFTER_LIMIT) return true;
  return collapseWhitespace(raw).trim().length > EVIDENCE_CHARS;
}

function settle(pending: PendingAfterText): void {
  const text = collapseWhitespace(pending.raw).trimStart();
  pending.target.textAfter = firstChars(text, EVIDENCE_CHARS).trimEnd();
}
