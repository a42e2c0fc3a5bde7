import type { TReferralBalanceResponse } from '@linkwatch/shared';
import { BadgeCheck, Clock, Hash, Percent, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/ui/Alert.tsx';
import { StatCard } from '@/ui/StatCard.tsx';
import { useReferralBalance } from './api/partners.ts';
import { useDollars } from './useDollars.ts';

type Balance = TReferralBalanceResponse['data'];

/** The partner page's summary: partner id, balance pending / available, paid out, the commission. */
export function PartnerSummary() {
  const { t } = useTranslation();
  const dollars = useDollars();
  const query = useReferralBalance();
  const b: Balance | undefined = query.data;
  const loading = query.isPending;
  if (query.isError) return <Alert tone="error">{query.error.message}</Alert>;
  return (
    <section aria-label={t('referral.summary.title')} className="space-y-3">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-5" data-testid="partner-summary">
        <StatCard
          label={t('referral.summary.partnerId')}
          value={b?.attributes.partnerId}
          icon={<Hash className="size-5" aria-hidden />}
          loading={loading}
        />
        <StatCard
          label={t('referral.summary.pending')}
          value={b && dollars(b.attributes.pending)}
          icon={<Clock className="size-5" aria-hidden />}
          loading={loading}
        />
        <StatCard
          label={t('referral.summary.available')}
          value={b && dollars(b.attributes.available)}
          tone="success"
          icon={<Wallet className="size-5" aria-hidden />}
          loading={loading}
        />
        <StatCard
          label={t('referral.summary.paidOut')}
          value={b && dollars(b.attributes.paidOut)}
          tone="brand"
          icon={<BadgeCheck className="size-5" aria-hidden />}
          loading={loading}
        />
        <StatCard
          label={t('referral.summary.percent')}
          value={b && `${b.attributes.percent}%`}
          icon={<Percent className="size-5" aria-hidden />}
          loading={loading}
        />
      </div>
      {b ? (
        <p className="text-sm text-ink-muted">
          {t('referral.summary.hold', { days: b.attributes.holdDays })} {t('referral.summary.levels')}:{' '}
          {b.attributes.levels
            .map((l) => t('referral.summary.level', { percent: l.percent, min: dollars(l.min) }))
            .join(' · ')}
        </p>
      ) : null}
    </section>
  );
}
