import { useTranslation } from 'react-i18next';
import { useCan } from '@/lib/account.ts';
import { Button } from '@/ui/Button.tsx';
import { Card, CardBody } from '@/ui/Card.tsx';
import { EmptyState } from '@/ui/EmptyState.tsx';
import { Spinner } from '@/ui/Spinner.tsx';
import { useAlertOverview, useAlertRule } from './api/alerts.ts';
import { ChannelsCard } from './ChannelsCard.tsx';
import { DigestCard } from './DigestCard.tsx';
import { RuleForm } from './RuleForm.tsx';

/** The alert settings of a project: its rule, the user's channels and the digest hour. */
export function AlertSettings({ project }: { project: string }) {
  const { t } = useTranslation();
  const overview = useAlertOverview();
  const rule = useAlertRule(project);
  const data = overview.data;
  // Every change here is `projects.manage` (issue 27): a member without it reads the settings only.
  const readOnly = !useCan('projects.manage');

  if (overview.isError || rule.isError) {
    return (
      <Card>
        <CardBody>
          <EmptyState
            title={t('alerts.ui.loadError')}
            action={
              <Button
                variant="secondary"
                onClick={() => void Promise.all([overview.refetch(), rule.refetch()])}
              >
                {t('alerts.ui.retry')}
              </Button>
            }
          />
        </CardBody>
      </Card>
    );
  }
  if (!data || !rule.data) {
    return (
      <div className="flex justify-center py-16" aria-busy>
        <Spinner className="size-6" label={t('common.loading')} />
      </div>
    );
  }
  return (
    <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      {/* Keyed by project, not by the rule's id: a first save gives the rule an id, and a new form
          there would lose its "Saved". */}
      <RuleForm key={project} project={project} rule={rule.data} overview={data} readOnly={readOnly} />
      <div className="space-y-5">
        <ChannelsCard overview={data} readOnly={readOnly} />
        <DigestCard
          key={`${data.settings.timeZone}-${data.settings.digestHour}`}
          overview={data}
          readOnly={readOnly}
        />
      </div>
    </div>
  );
}
