import type { ReportChangeType } from './schemas/reports.ts';

/**
 * How a report change reads, written once for the report page, its exports and the task mail: the
 * web passes i18next's `t`, the server `translate` in the reader's language. A change stores codes
 * (a response code or its group, a robots status, link kinds, counts of backlinks): those never reach
 * a reader as they are.
 */
export interface ChangeWords {
  t: (key: string, params?: Record<string, string | number>) => string;
  /** A number written the language's way (1,234 / 1 234). */
  number: (value: number) => string;
}

/** One stored value as words ("Could not resolve host", "robots.txt", "Image, Link"); empty: null. */
export function changeValueText(
  words: ChangeWords,
  params: { type: ReportChangeType; value: string | null },
): string | null {
  const { t } = words;
  const { type, value } = params;
  if (value === null || value === '') return null;
  if (type === 'responseCode') {
    const code = Number(value);
    // Values under 100 are the response-code groups of spec point 4 (no HTTP answer came).
    return code > 0 && code < 100 ? t(`links.responseCodeGroup.${code}`) : value;
  }
  if (type === 'indexingCapability') return t(`links.robotsStatus.${value}`);
  if (type === 'indexing') return t(`links.indexing.${value}`);
  if (type === 'kind')
    return value
      .split(',')
      .map((id) => t(`links.backlinkType.${id.trim()}`))
      .join(', ');
  return value;
}

export interface ChangeLike {
  changesType: ReportChangeType;
  old: string | null;
  new: string | null;
  oldTitle?: string | null;
  newTitle?: string | null;
}

/**
 * A change as the report page says it: a sentence for the kinds that have one (a backlink lost or
 * found, a refund), else what it was and what it is now, in words.
 */
export function changeReading(
  words: ChangeWords,
  change: ChangeLike,
): { sentence: string } | { old: string | null; new: string | null } {
  const type = change.changesType;
  const old = type === 'title' ? (change.oldTitle ?? change.old) : change.old;
  const now = type === 'title' ? (change.newTitle ?? change.new) : change.new;
  if (type === 'lost') return { sentence: words.t('reportsUi.change.lost') };
  if (type === 'found' && (old === null || old === '0'))
    return { sentence: words.t('reportsUi.change.found') };
  if (type === 'refund') {
    const value = Number(now ?? 0);
    const credits = words.t('common.credits', { count: value, value: words.number(value) });
    return { sentence: words.t('reportsUi.change.refund', { credits }) };
  }
  return {
    old: changeValueText(words, { type, value: old }),
    new: changeValueText(words, { type, value: now }),
  };
}
