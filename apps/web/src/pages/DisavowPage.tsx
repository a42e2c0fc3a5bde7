import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DisavowList } from '@/features/disavow';
import { Breadcrumbs, HeaderSkeleton, LoadFailure } from '@/features/links';
import { projectPath, useProject } from '@/features/projects';
import { useLocalePath } from '@/lib/useLocale.tsx';
import { buttonClass } from '@/ui/Button.tsx';
import { NotFoundPage } from '@/ui/NotFoundPage.tsx';

/** `/disavow/{project}`: the project's versioned disavow list and Google's file of each version. */
export default function DisavowPage() {
  const { project } = useParams();
  return project && /^\d+$/.test(project) ? <Disavow project={project} /> : <NotFoundPage />;
}

function Disavow({ project }: { project: string }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const details = useProject(project);
  if (details.isError) return <LoadFailure error={details.error} />;
  const name = details.data?.attributes.name ?? '';
  return (
    <>
      {details.data ? (
        <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
          <div className="min-w-0">
            <Breadcrumbs
              items={[
                { label: t('shell.nav.dashboard'), to: '/' },
                { label: name, to: projectPath(project) },
                { label: t('disavow.open') },
              ]}
            />
            <h1 className="text-2xl font-semibold tracking-tight break-words text-ink">
              {t('disavow.title')} · {name}
            </h1>
          </div>
          <Link to={to(projectPath(project))} className={buttonClass({ variant: 'ghost' })}>
            <ArrowLeft className="size-4" aria-hidden />
            {name}
          </Link>
        </div>
      ) : (
        <HeaderSkeleton />
      )}
      <DisavowList project={project} />
    </>
  );
}
