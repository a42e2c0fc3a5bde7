import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format.ts';
import type { Task } from './api/types.ts';

/** An indexing request's drip feed (when spread over more than a day) and the pages it left out. */
export function IndexingNotes({ task }: { task: Task }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { days, skipped } = task.attributes;
  const spread = days !== null && days > 1;
  const leftOut = Object.values(skipped ?? {}).reduce((sum, n) => sum + n, 0);
  if (!spread && leftOut === 0) return null;
  return (
    <p className="mt-0.5 flex flex-wrap gap-x-2 text-xs text-ink-subtle" data-indexing-notes>
      {spread ? <span>{t('tasksUi.indexing.days', { count: days, value: format.number(days) })}</span> : null}
      {leftOut > 0 ? (
        <span>{t('tasksUi.indexing.skipped', { count: leftOut, value: format.number(leftOut) })}</span>
      ) : null}
    </p>
  );
}
