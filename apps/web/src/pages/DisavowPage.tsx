import { useTranslation } from 'react-i18next';
import { DisavowList } from '@/features/disavow';
import { useRequireCan } from '@/lib/account.ts';
import { ProjectSubpage } from './ProjectSubpage.tsx';

/** `/disavow/{project}`: the project's versioned disavow list and Google's file of each version. */
export default function DisavowPage() {
  useRequireCan('projects.read');
  const { t } = useTranslation();
  return (
    <ProjectSubpage crumb={t('disavow.open')} title={(name) => `${t('disavow.title')}: ${name}`}>
      {(project) => <DisavowList project={project} />}
    </ProjectSubpage>
  );
}
