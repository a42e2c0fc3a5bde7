import { Hammer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { Card } from '@/ui/Card.tsx';
import { EmptyState } from '@/ui/EmptyState.tsx';
import { PageHeader } from '@/ui/PageHeader.tsx';
import type { RouteHandle } from '../routeHandle.ts';

/** A page that a later feature fills; it already lives inside its layout and behind its guard. */
export function ComingSoonPage() {
  const { t } = useTranslation();
  const handle = useMatches().at(-1)?.handle as RouteHandle | undefined;
  return (
    <>
      {handle ? <PageHeader title={t(`shell.pages.${handle.title}`)} /> : null}
      <Card>
        <EmptyState
          icon={<Hammer className="size-6" aria-hidden />}
          title={t('common.comingSoon.title')}
          body={t('common.comingSoon.body')}
        />
      </Card>
    </>
  );
}
