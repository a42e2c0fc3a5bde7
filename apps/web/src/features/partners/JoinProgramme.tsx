import { BadgeDollarSign, MousePointerClick, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notify } from '@/lib/notices.ts';
import { useMe } from '@/lib/session.ts';
import { useLocalePath } from '@/lib/useLocale.tsx';
import { Alert } from '@/ui/Alert.tsx';
import { Button } from '@/ui/Button.tsx';
import { Card } from '@/ui/Card.tsx';
import { Skeleton } from '@/ui/Spinner.tsx';
import { useBecomePartner } from './api/partners.ts';

/** What the programme offers, as the join panel and the landing page list it. */
export function ProgrammePoints() {
  const { t } = useTranslation();
  const points = [
    {
      icon: <BadgeDollarSign className="size-5" aria-hidden />,
      text: t('referral.join.points.commission', { percent: 20 }),
    },
    {
      icon: <MousePointerClick className="size-5" aria-hidden />,
      text: t('referral.join.points.tracking', { days: 90 }),
    },
    { icon: <Wallet className="size-5" aria-hidden />, text: t('referral.join.points.payout') },
  ];
  return (
    <ul className="space-y-3">
      {points.map((p) => (
        <li key={p.text} className="flex items-start gap-3 text-ink">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
            {p.icon}
          </span>
          <span className="pt-1.5">{p.text}</span>
        </li>
      ))}
    </ul>
  );
}

/** A user who is not a partner sees what the programme offers and a "Become a partner" button. */
function JoinProgramme() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const become = useBecomePartner();
  return (
    <Card className="mx-auto max-w-2xl space-y-5 p-6 sm:p-8">
      <h1 className="text-2xl font-semibold text-ink">{t('referral.join.title')}</h1>
      <p className="text-ink-muted">{t('referral.join.lead')}</p>
      <ProgrammePoints />
      {become.error ? <Alert tone="error">{become.error.message}</Alert> : null}
      <div className="flex flex-wrap items-center gap-4">
        <Button
          size="lg"
          loading={become.isPending}
          onClick={() =>
            become.mutate(undefined, { onSuccess: () => notify.success(t('referral.join.joined')) })
          }
        >
          {t('referral.join.become')}
        </Button>
        <Link to={to('/partner-program')} className="text-sm font-medium text-brand-600 hover:underline">
          {t('referral.join.more')}
        </Link>
      </div>
    </Card>
  );
}

/** The partner pages' content for partners; the join panel for everyone else. */
export function PartnerGate({ children }: { children: ReactNode }) {
  const me = useMe();
  if (me.isPending) return <Skeleton className="h-64 w-full" />;
  if (!me.data?.attributes.isPartner) return <JoinProgramme />;
  return <>{children}</>;
}
