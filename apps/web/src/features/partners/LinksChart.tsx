import { useTranslation } from 'react-i18next';
import { Card } from '@/ui/Card.tsx';
import { Skeleton } from '@/ui/Spinner.tsx';

type Day = { day: string; transitions: number; users: number };

/** Clicks and sign-ups of the last 30 days, one pair of bars a day (a table for screen readers). */
export function LinksChart({ days, loading }: { days?: Day[]; loading: boolean }) {
  const { t } = useTranslation();
  const max = Math.max(1, ...(days ?? []).map((d) => d.transitions));
  const clicks = (days ?? []).reduce((sum, d) => sum + d.transitions, 0);
  const signUps = (days ?? []).reduce((sum, d) => sum + d.users, 0);
  return (
    <Card className="p-5">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-base font-semibold text-ink">{t('referral.links.chart')}</h2>
        <p className="flex gap-4 text-sm text-ink-muted">
          <span className="flex items-center gap-1.5">
            <span className="size-2.5 rounded-sm bg-brand-500" aria-hidden />
            {t('referral.links.chartClicks')}: <b className="tabular-nums">{clicks}</b>
          </span>
          <span className="flex items-center gap-1.5">
            <span className="size-2.5 rounded-sm bg-emerald-500" aria-hidden />
            {t('referral.links.chartSignUps')}: <b className="tabular-nums">{signUps}</b>
          </span>
        </p>
      </div>
      {loading || !days ? (
        <Skeleton className="h-24 w-full" />
      ) : (
        <div className="flex h-24 items-end gap-0.5" aria-hidden>
          {days.map((d) => (
            <div
              key={d.day}
              className="relative flex h-full flex-1 items-end"
              title={`${d.day}: ${d.transitions} / ${d.users}`}
            >
              <div
                className="w-full rounded-t bg-brand-500/80"
                style={{ height: `${(d.transitions / max) * 100}%` }}
              />
              {d.users > 0 ? (
                <div
                  className="absolute bottom-0 left-1/4 w-1/2 rounded-t bg-emerald-500"
                  style={{ height: `${Math.max(8, (d.users / max) * 100)}%` }}
                />
              ) : null}
            </div>
          ))}
        </div>
      )}
    </Card>
  );
}
