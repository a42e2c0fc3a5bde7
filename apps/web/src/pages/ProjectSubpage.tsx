import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Breadcrumbs, HeaderSkeleton, LoadFailure } from '@/features/links';
import { projectPath, useProject } from '@/features/projects';
import { useLocalePath } from '@/lib/useLocale.tsx';
import { buttonClass } from '@/ui/Button.tsx';
import { cn } from '@/ui/cn.ts';
import { NotFoundPage } from '@/ui/NotFoundPage.tsx';

type Props = {
  /** The last breadcrumb. */
  crumb: string;
  /** The heading, given the project's name. */
  title: (name: string) => string;
  /** The page's body, given the project's id. */
  children: (project: string) => ReactNode;
};

/**
 * A page of one project's settings (`/<page>/{project}`): breadcrumbs, a heading with the project's
 * name and a way back to the project, above the feature that fills it.
 */
export function ProjectSubpage(props: Props) {
  const { project } = useParams();
  return project && /^\d+$/.test(project) ? <Subpage project={project} {...props} /> : <NotFoundPage />;
}

function Subpage({ project, crumb, title, children }: Props & { project: string }) {
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
                { label: crumb },
              ]}
            />
            <h1 className="text-2xl font-semibold tracking-tight break-words text-ink">{title(name)}</h1>
          </div>
          {/* Wrapped under the heading (a phone, a long name) it lines up with it; a long name is cut short. */}
          <Link
            to={to(projectPath(project))}
            className={cn(buttonClass({ variant: 'ghost' }), '-ml-4 max-w-full')}
          >
            <ArrowLeft className="size-4 shrink-0" aria-hidden />
            <span className="min-w-0 truncate">{name}</span>
          </Link>
        </div>
      ) : (
        <HeaderSkeleton />
      )}
      {children(project)}
    </>
  );
}
