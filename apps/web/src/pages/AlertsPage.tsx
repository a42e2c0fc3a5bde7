import { useTranslation } from 'react-i18next';
import { AlertSettings } from '@/features/alerts';
import { useRequireCan } from '@/lib/account.ts';
import { ProjectSubpage } from './ProjectSubpage.tsx';

/** `/alerts/{project}`: which changes of a project reach Slack, Telegram or e-mail, and when. */
export default function AlertsPage() {
  useRequireCan('projects.read');
  const { t } = useTranslation();
  return (
    <ProjectSubpage crumb={t('alerts.ui.open')} title={(name) => t('alerts.ui.title', { project: name })}>
      {(project) => <AlertSettings project={project} />}
    </ProjectSubpage>
  );
}
