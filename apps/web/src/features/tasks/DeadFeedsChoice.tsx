import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format.ts';
import { Alert } from '@/ui/Alert.tsx';
import { Checkbox } from '@/ui/Checkbox.tsx';

/**
 * Issue 31: the selected tier 2 links that feed a dead tier 1 page (the price preview's `deadFeeds`).
 * A paid task leaves them out and charges nothing for them unless the box is ticked; then the preview is
 * asked again with `includeDeadFeeds`, so the cost above already counts them. Nothing while there are none.
 */
export function DeadFeedsChoice({
  count,
  include,
  onIncludeChange,
}: {
  count: number | undefined;
  include: boolean;
  onIncludeChange: (include: boolean) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const boxId = useId();
  if (!count) return null;
  const params = { count, value: format.number(count) };
  return (
    <Alert tone="warning">
      <p data-testid="dead-feeds">
        {include ? t('tasksUi.deadFeeds.included', params) : t('tasksUi.deadFeeds.leftOut', params)}
      </p>
      <label htmlFor={boxId} className="mt-2 flex cursor-pointer items-center gap-2 text-sm">
        <Checkbox
          id={boxId}
          name="includeDeadFeeds"
          checked={include}
          onChange={(e) => onIncludeChange(e.target.checked)}
        />
        {t('tasksUi.deadFeeds.include')}
      </label>
    </Alert>
  );
}

/** The start or price-preview query key that includes them (absent: left out, the server's default). */
export const deadFeedsQuery = (include: boolean) => (include ? { includeDeadFeeds: 'true' } : {});
