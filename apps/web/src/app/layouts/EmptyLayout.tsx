import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { LanguageSwitcher, UserMenu } from '@/features/shell';
import { useLocalePath } from '@/lib/useLocale.tsx';
import { Logo } from '@/ui/Logo.tsx';
import { PageTransition } from './PageTransition.tsx';

/** A bare frame: logo, language and (when logged in) the account menu. */
export function EmptyLayout() {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-line bg-white">
        <div className="mx-auto flex h-16 max-w-5xl items-center gap-3 px-4 sm:px-6">
          <Link
            to={to('/')}
            className="rounded-lg text-ink focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            <Logo name={t('common.appName')} />
          </Link>
          <div className="flex-1" />
          <LanguageSwitcher />
          <UserMenu />
        </div>
      </header>
      <main id="content" className="mx-auto w-full max-w-5xl flex-1 px-4 py-10 sm:px-6">
        <PageTransition>
          <Outlet />
        </PageTransition>
      </main>
    </div>
  );
}
