import type { TWastedTierTwo } from '@linkwatch/shared';
import { useQuery } from '@tanstack/react-query';
import { Unlink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { api } from '@/api/client.ts';
import { useFormat } from '@/lib/format.ts';
import { Card } from '@/ui/Card.tsx';
import { Skeleton } from '@/ui/Spinner.tsx';
import { projectKeys } from './api/keys.ts';

/** `GET projects/{id}/wasted-tier-two` (issue 31). */
export function useWastedTierTwo(projectId: string | number) {
  return useQuery({
    queryKey: [...projectKeys.one(projectId), 'wasted-tier-two'],
    queryFn: () =>
      api
        .get<{ data: { attributes: TWastedTierTwo } }>(`projects/${projectId}/wasted-tier-two`)
        .then((r) => r.data.attributes),
    staleTime: 60_000,
  });
}

/**
 * "Wasted tier 2": how many of the project's tier 2 links feed a dead tier 1 page and what checking
 * and indexing them cost over the last month, so the customer sees what the leave-outs save.
 */
export function WastedTierTwoCard({ projectId }: { projectId: string | number }) {
  const { t } = useTranslation();
  const format = useFormat();
  const wasted = useWastedTierTwo(projectId);
  const w = wasted.data;
  if (wasted.isError) return null;
  const credits = (value: number) => t('tasksUi.cost.credits', { count: value, value: format.number(value) });
  return (
    <Card role="region" aria-label={t('linksUi.wasted.title')}>
      <div className="flex gap-3 p-4" data-testid="wasted-tier-two">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-rose-50 text-rose-600">
          <Unlink className="size-5" aria-hidden />
        </span>
        <div className="min-w-0 text-sm">
          <h2 className="text-xs font-medium text-ink-subtle">{t('linksUi.wasted.title')}</h2>
          {!w ? (
            <Skeleton className="mt-1 h-5 w-48" />
          ) : w.links === 0 && w.cost === 0 ? (
            <p className="text-ink-muted">{t('linksUi.wasted.none')}</p>
          ) : (
            <>
              <p className="font-semibold text-ink">
                {t('linksUi.wasted.links', { count: w.links, value: format.number(w.links) })}
              </p>
              <p className="text-ink-muted">
                {t('linksUi.wasted.cost', {
                  days: w.days,
                  cost: credits(w.cost),
                  check: credits(w.checkCost),
                  index: credits(w.indexCost),
                })}
              </p>
              {w.costWhileFlagged > 0 ? (
                <p className="text-ink-muted">
                  {t('linksUi.wasted.whileFlagged', { cost: credits(w.costWhileFlagged) })}
                </p>
              ) : null}
            </>
          )}
        </div>
      </div>
    </Card>
  );
}
