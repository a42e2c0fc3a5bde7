import { IndexState } from '@linkwatch/shared';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format.ts';
import { Badge } from '@/ui/Badge.tsx';
import type { TLinkAttributes } from './api/links.ts';

/**
 * 2xx green, 3xx amber, anything else (or a failure to connect) red; unchecked links are grey. In the
 * table a failure to connect says it short ("No host"), with the full text as its tooltip: the long
 * Russian and Ukrainian texts made the table too wide for a 1280 px screen. A page that answered but
 * was not read (robots.txt) says why instead of its code, which would contradict "Not read".
 */
export function ResponseCodeBadge({
  link,
  short = false,
}: {
  link: Pick<
    TLinkAttributes,
    'responseCode' | 'responseCodeGroup' | 'responseCodeGroupText' | 'notReadReason' | 'notReadReasonText'
  >;
  short?: boolean;
}) {
  const { t } = useTranslation();
  const code = link.responseCode;
  if (link.notReadReason && link.notReadReasonText) {
    const tooltip = code === null ? link.notReadReasonText : `${link.notReadReasonText} (HTTP ${code})`;
    return (
      <Badge tone="warning" title={tooltip}>
        {short ? t(`linksUi.table.notReadShort.${link.notReadReason}`) : link.notReadReasonText}
      </Badge>
    );
  }
  if (code === null && !link.responseCodeGroupText)
    return <span className="text-xs whitespace-nowrap text-ink-subtle">{t('linksUi.table.notChecked')}</span>;
  if (code === null) {
    const group = link.responseCodeGroup;
    const shortText =
      short && group !== null
        ? t(`linksUi.table.codeGroupShort.${group}` as 'linksUi.table.codeGroupShort.1', { defaultValue: '' })
        : '';
    return (
      <Badge tone="danger" title={shortText ? (link.responseCodeGroupText ?? undefined) : undefined}>
        {shortText || link.responseCodeGroupText}
      </Badge>
    );
  }
  const tone = code >= 200 && code < 300 ? 'success' : code >= 300 && code < 400 ? 'warning' : 'danger';
  return <Badge tone={tone}>{code}</Badge>;
}

const LINK_STATUS_TONES = {
  found: 'success',
  missing: 'danger',
  unread: 'warning',
  unchecked: 'neutral',
} as const satisfies Record<TLinkAttributes['linkStatus'], string>;

/**
 * Whether the last check found the backlink on a page that answered 200 (see LinkCheckStatus). In the
 * table the badge says it short and keeps the full text as its tooltip.
 */
export function LinkStatusBadge({
  link,
  short = false,
}: {
  link: Pick<TLinkAttributes, 'linkStatus' | 'linkStatusText'>;
  short?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Badge tone={LINK_STATUS_TONES[link.linkStatus]} title={short ? link.linkStatusText : undefined}>
      {short ? t(`linksUi.table.linkStatusShort.${link.linkStatus}`) : link.linkStatusText}
    </Badge>
  );
}

/**
 * The robots cell: the robots verdict of a page that answered; for one that did not, why not
 * ("Page not fetched", "Not found (404)"), never a robots guess.
 */
export function PageVerdict({
  link,
}: {
  link: Pick<TLinkAttributes, 'pageVerdictText' | 'responseCodeGroup' | 'responseCode'>;
}) {
  if (!link.pageVerdictText) return <span className="text-ink-subtle">—</span>;
  const failed = link.responseCodeGroup !== null || (link.responseCode ?? 0) >= 400;
  return <span className={failed ? 'text-rose-700' : undefined}>{link.pageVerdictText}</span>;
}

export function IndexingBadge({ link }: { link: Pick<TLinkAttributes, 'indexing' | 'indexingText'> }) {
  const tone =
    link.indexing === IndexState.Indexed
      ? 'success'
      : link.indexing === IndexState.NotIndexed
        ? 'danger'
        : 'neutral';
  return <Badge tone={tone}>{link.indexingText}</Badge>;
}

/**
 * Issue 31: a link found only in the page as the browser rendered it ("found after JavaScript"), next
 * to its status in the table; the full words and why it matters in the tooltip and for screen readers.
 */
export function RenderedBadge({ link }: { link: Pick<TLinkAttributes, 'rendered'> }) {
  const { t } = useTranslation();
  if (!link.rendered) return null;
  const full = t('linksUi.panel.rendered');
  return (
    <Badge tone="warning" label={full} title={`${full}. ${t('linksUi.panel.renderedHint')}`}>
      {t('linksUi.renderedShort')}
    </Badge>
  );
}

/**
 * Issue 31: a tier 2 link whose tier 1 page is dead, with why and since when (its tooltip in the table,
 * where the badge says it short); nothing for a link that feeds a live page.
 */
export function DeadFeedBadge({
  link,
  short = false,
}: {
  link: Pick<TLinkAttributes, 'feedsDeadTierOne'>;
  short?: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const dead = link.feedsDeadTierOne;
  if (!dead) return null;
  const detail = t('linksUi.deadFeed.detail', {
    reason: t(`linksUi.deadFeed.reasons.${dead.reason}`),
    date: format.date(dead.since),
  });
  // A badge never wraps: the panel says it in full as text.
  if (!short) return <span className="text-sm text-rose-700">{detail}</span>;
  return (
    <Badge tone="danger" title={detail}>
      {t('linksUi.deadFeed.short')}
    </Badge>
  );
}
