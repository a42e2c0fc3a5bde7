import { IndexState } from '@linkwatch/shared';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/ui/Badge.tsx';
import type { TLinkAttributes } from './api/links.ts';

/** 2xx green, 3xx amber, anything else (or a failure to connect) red; unchecked links are grey. */
export function ResponseCodeBadge({
  link,
}: {
  link: Pick<TLinkAttributes, 'responseCode' | 'responseCodeGroupText'>;
}) {
  const { t } = useTranslation();
  const code = link.responseCode;
  if (code === null && !link.responseCodeGroupText)
    return <span className="text-xs whitespace-nowrap text-ink-subtle">{t('linksUi.table.notChecked')}</span>;
  if (code === null) return <Badge tone="danger">{link.responseCodeGroupText}</Badge>;
  const tone = code >= 200 && code < 300 ? 'success' : code >= 300 && code < 400 ? 'warning' : 'danger';
  return <Badge tone={tone}>{code}</Badge>;
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
