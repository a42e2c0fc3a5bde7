import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ApiError } from '@/api/client.ts';
import { splitLocale } from '@/lib/locale.ts';
import { useMe } from '@/lib/session.ts';
import { useLocalePath } from '@/lib/useLocale.tsx';
import { cn } from '@/ui/cn.ts';
import { PageHeader } from '@/ui/PageHeader.tsx';
import { SECTION_KEYS, useConsoleAccess } from './api/access.ts';

const SECTIONS = ['users', 'prices', 'settings', 'tasks', 'partners', 'wiki', 'audit'] as const;
type Section = (typeof SECTIONS)[number];

const pathOf = (section: Section) => (section === 'users' ? '/admin' : `/admin/${section}`);

/** The section a console path is in: a customer's page belongs to the customers'. */
function sectionOf(path: string): Section {
  return SECTIONS.find((s) => s !== 'users' && path.startsWith(pathOf(s))) ?? 'users';
}

function ConsoleNav({ current }: { current: Section }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const access = useConsoleAccess();
  return (
    <nav
      aria-label={t('admin.nav.label')}
      className="-mx-1 mb-6 flex gap-1 overflow-x-auto border-b border-line px-1"
    >
      {SECTIONS.filter((section) => access.can(SECTION_KEYS[section])).map((section) => (
        <Link
          key={section}
          to={to(pathOf(section))}
          aria-current={section === current ? 'page' : undefined}
          className={cn(
            '-mb-px shrink-0 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-brand-500',
            section === current
              ? 'border-brand-600 text-brand-700'
              : 'border-transparent text-ink-muted hover:text-ink',
          )}
        >
          {t(`admin.nav.${section}`)}
        </Link>
      ))}
    </nav>
  );
}

/**
 * Every console page: operators only (anyone else gets the error page's 403, as the API answers them),
 * the tabs of the sections the operator holds the key of (a section they lack is the 403 page too),
 * and the page's title.
 */
export function ConsoleFrame({
  title,
  description,
  actions,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const me = useMe();
  const access = useConsoleAccess();
  const current = sectionOf(splitLocale(useLocation().pathname).rest);
  if (me.data && !me.data.attributes.isAdmin)
    throw new ApiError({ status: 403, message: t('status.error.forbidden') });
  if (!access.can(SECTION_KEYS[current]))
    throw new ApiError({
      status: 403,
      message: t('status.error.forbidden'),
      hint: t('admin.errors.consolePermissionMissing', { permission: SECTION_KEYS[current] }),
    });
  if (!me.data) return null;
  return (
    <div className="mx-auto w-full max-w-7xl">
      <ConsoleNav current={current} />
      <PageHeader title={title} description={description} actions={actions} />
      {children}
    </div>
  );
}
