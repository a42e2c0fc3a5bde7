import { TaskStatus } from '@linkwatch/shared';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/ui/Badge.tsx';
import { Spinner } from '@/ui/Spinner.tsx';

const tones = {
  [TaskStatus.Waiting]: 'neutral',
  [TaskStatus.Process]: 'brand',
  [TaskStatus.Done]: 'success',
  [TaskStatus.Fail]: 'danger',
} as const;

export function TaskStatusBadge({ statusId }: { statusId: number }) {
  const { t } = useTranslation();
  const tone = tones[statusId as keyof typeof tones] ?? 'neutral';
  return (
    <Badge tone={tone} className="gap-1 px-2">
      <span className="inline-flex items-center gap-1.5" data-status={statusId}>
        {statusId === TaskStatus.Process ? <Spinner className="size-3" /> : null}
        {t(`tasks.statuses.${statusId}` as 'tasks.statuses.0')}
      </span>
    </Badge>
  );
}
