import { collapseWhitespace, firstChars, lastChars } from './text.ts';

/** How much evidence text is kept on each side of a link. */
export const EVIDENCE_CHARS = 100;
// Raw text is gathered as it comes and collapsed in batches: one regex pass per link instead of
// one per text node keeps this off the parse profile.
const RAW_TRAIL_LIMIT = 16 * 1024;
const COMPACT_TRAIL_CHARS = EVIDENCE_CHARS * 2;
// Text gathered after a link is collapsed once it grows this long, so pages of whitespace after
// a link cost little memory and each check for "enough text yet" stays cheap.
const PENDING_COMPACT_AT = 4 * 1024;

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

  /** Keeps only the collapsed end of the trail; collapses just enough raw text to fill it. */
  #compact(): void {
    for (let window = COMPACT_TRAIL_CHARS * 4; ; window *= 4) {
      const collapsed = collapseWhitespace(lastChars(this.#raw, window));
      if (collapsed.length >= COMPACT_TRAIL_CHARS + 1 || window >= this.#raw.length) {
        this.#raw = lastChars(collapsed, COMPACT_TRAIL_CHARS);
        return;
      }
    }
  }

  #feedPending(text: string): void {
    for (const pending of this.#pending) {
      pending.raw += text;
      if (pending.raw.length > PENDING_COMPACT_AT) pending.raw = collapseWhitespace(pending.raw);
    }
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
  return collapseWhitespace(raw).trim().length > EVIDENCE_CHARS;
}

function settle(pending: PendingAfterText): void {
  const text = collapseWhitespace(pending.raw).trimStart();
  pending.target.textAfter = firstChars(text, EVIDENCE_CHARS).trimEnd();
}
