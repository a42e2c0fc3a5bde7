import { Hammer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { PageTitle } from '@/lib/routeHandle.ts';
import { Card } from '@/ui/Card.tsx';
import { EmptyState } from '@/ui/EmptyState.tsx';
import { PageHeader } from '@/ui/PageHeader.tsx';

/** A page that a later feature fills; it already lives inside its layout and behind its guard. */
export function ComingSoonPage({ title }: { title: PageTitle }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t(`shell.pages.${title}`)} />
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
