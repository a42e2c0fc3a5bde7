import { useTranslation } from 'react-i18next';
import { ProjectGraph } from '@/features/graph';
import { ProjectSubpage } from './ProjectSubpage.tsx';

/** `/graph/{project}`: the project's tiers as one graph (issue 31). */
export default function GraphPage() {
  const { t } = useTranslation();
  return (
    <ProjectSubpage crumb={t('graph.open')} title={(name) => `${t('graph.title')}: ${name}`}>
      {(project) => (
        <>
          <p className="mb-5 max-w-3xl text-sm text-ink-muted">{t('graph.description')}</p>
          <ProjectGraph project={project} />
        </>
      )}
    </ProjectSubpage>
  );
}
