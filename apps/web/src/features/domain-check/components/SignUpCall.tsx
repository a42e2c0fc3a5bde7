import { BellRing } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalePath } from '@/lib/useLocale.tsx';
import { buttonClass } from '@/ui/Button.tsx';

/** The call to sign up for watching such links every day; a signed-in visitor is offered the app. */
export function SignUpCall({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <section
      aria-labelledby="domain-check-cta"
      className="rounded-xl bg-brand-950 px-6 py-8 text-white shadow-card sm:px-10"
    >
      <div className="flex flex-col gap-6 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex gap-4">
          <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-white/10">
            <BellRing className="size-5 text-brand-200" aria-hidden />
          </span>
          <div>
            <h2 id="domain-check-cta" className="text-lg font-semibold">
              {t('domainCheck.cta.title')}
            </h2>
            <p className="mt-1 max-w-xl text-sm text-brand-100">{t('domainCheck.cta.body')}</p>
          </div>
        </div>
        <div className="flex shrink-0 flex-wrap items-center gap-3">
          {signedIn ? (
            <Link to={to('/')} className={buttonClass({ size: 'lg' })}>
              {t('domainCheck.cta.openApp')}
            </Link>
          ) : (
            <>
              <Link
                to={to('/register')}
                className={`${buttonClass({ size: 'lg' })} bg-white! text-brand-700! hover:bg-brand-50!`}
              >
                {t('domainCheck.cta.signUp')}
              </Link>
              <Link
                to={to('/login')}
                className="text-sm font-medium text-white underline-offset-4 hover:underline"
              >
                {t('domainCheck.cta.logIn')}
              </Link>
            </>
          )}
        </div>
      </div>
    </section>
  );
}
