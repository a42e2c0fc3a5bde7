import { useTranslation } from 'react-i18next';
import { Button } from '@/ui/Button.tsx';
import { CardFooter } from '@/ui/Card.tsx';

/**
 * The alert forms' footer: "Saved" after a save and the Save button; nothing for a member who may only
 * read the settings (issue 27: without `projects.manage`).
 */
export function SaveFooter({
  save,
  readOnly,
}: {
  save: { isPending: boolean; isSuccess: boolean };
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  if (readOnly) return null;
  return (
    <CardFooter>
      {save.isSuccess ? (
        <span role="status" className="text-sm text-emerald-700">
          {t('alerts.ui.saved')}
        </span>
      ) : null}
      <Button type="submit" loading={save.isPending}>
        {t('alerts.ui.save')}
      </Button>
    </CardFooter>
  );
}
