import { BarChart3, Check, FilePlus2, Gauge, SearchCheck, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { LanguageSwitcher } from '@/features/shell';
import { useLocalePath } from '@/lib/useLocale.tsx';
import { Logo } from '@/ui/Logo.tsx';
import { PageTransition } from './PageTransition.tsx';

const KEY_FEATURES = [
  { key: 'addUrls', icon: FilePlus2 },
  { key: 'indexLinks', icon: SearchCheck },
  { key: 'checkBacklinks', icon: ShieldCheck },
  { key: 'trust', icon: Gauge },
] as const;

const ANALYTICS = ['anchors', 'thirdParty', 'console'] as const;

/** spec point 2: the login layout with its feature showcase. */
function Showcase() {
  const { t } = useTranslation();
  return (
    <aside className="relative hidden overflow-hidden bg-brand-950 text-white desk:flex desk:flex-col desk:justify-center">
      <div
        aria-hidden
        className="absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,var(--color-brand-600),transparent_60%),radial-gradient(ellipse_at_bottom_left,var(--color-brand-800),transparent_55%)] opacity-70"
      />
      <div
        aria-hidden
        className="absolute inset-0 bg-[linear-gradient(to_right,rgb(255_255_255/0.04)_1px,transparent_1px),linear-gradient(to_bottom,rgb(255_255_255/0.04)_1px,transparent_1px)] bg-[size:40px_40px]"
      />
      <div className="relative mx-auto w-full max-w-xl px-12 py-16">
        <h2 className="text-3xl leading-tight font-semibold tracking-tight text-balance">
          {t('auth.showcase.title')}
        </h2>
        <p className="mt-4 text-base text-brand-100/80">{t('auth.showcase.subtitle')}</p>

        <h3 className="mt-12 text-xs font-semibold tracking-wider text-brand-200 uppercase">
          {t('auth.showcase.keyFeatures')}
        </h3>
        <ul className="mt-4 grid grid-cols-2 gap-4">
          {KEY_FEATURES.map(({ key, icon: Icon }) => (
            <li key={key} className="rounded-xl bg-white/[0.06] p-4 ring-1 ring-white/10 backdrop-blur-sm">
              <Icon className="size-5 text-brand-300" aria-hidden />
              <p className="mt-3 font-medium">{t(`auth.showcase.${key}.title`)}</p>
              <p className="mt-1 text-sm text-brand-100/70">{t(`auth.showcase.${key}.body`)}</p>
            </li>
          ))}
        </ul>

        <h3 className="mt-10 flex items-center gap-2 text-xs font-semibold tracking-wider text-brand-200 uppercase">
          <BarChart3 className="size-4" aria-hidden />
          {t('auth.showcase.additional')}
        </h3>
        <ul className="mt-4 space-y-2.5">
          {ANALYTICS.map((key) => (
            <li key={key} className="flex items-center gap-3 text-sm text-brand-50">
              <span className="flex size-5 items-center justify-center rounded-full bg-emerald-400/15 text-emerald-300">
                <Check className="size-3.5" aria-hidden />
              </span>
              {t(`auth.showcase.${key}`)}
            </li>
          ))}
        </ul>
      </div>
    </aside>
  );
}

export function LoginLayout() {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <div className="grid min-h-screen desk:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]">
      <div className="flex flex-col bg-white">
        <header className="flex h-16 items-center justify-between px-6 sm:px-10">
          <Link
            to={to('/login')}
            className="rounded-lg text-ink focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            <Logo name={t('common.appName')} />
          </Link>
          <LanguageSwitcher />
        </header>
        <main id="content" className="flex flex-1 items-center justify-center px-6 py-10 sm:px-10">
          <div className="w-full max-w-sm">
            <PageTransition>
              <Outlet />
            </PageTransition>
          </div>
        </main>
        <footer className="flex flex-wrap items-center justify-between gap-2 px-6 py-5 text-xs text-ink-subtle sm:px-10">
          <span>
            © {new Date().getFullYear()} {t('common.appName')}
          </span>
          <Link to={to('/agreement')} className="hover:text-ink">
            {t('shell.pages.agreement')}
          </Link>
        </footer>
      </div>
      <Showcase />
    </div>
  );
}
