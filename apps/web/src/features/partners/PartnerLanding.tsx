import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMe, useToken } from '@/lib/session.ts';
import { useLocalePath } from '@/lib/useLocale.tsx';
import { buttonClass } from '@/ui/Button.tsx';
import { ProgrammePoints } from './JoinProgramme.tsx';

/** The public partner landing page (`Settings.partnerLandingUrl` points here by default). */
export function PartnerLanding() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const signedIn = useToken() !== null;
  const me = useMe();
  const steps = [
    t('referral.landing.how.link'),
    t('referral.landing.how.visit', { days: 90 }),
    t('referral.landing.how.earn', { percent: 20 }),
    t('referral.landing.how.hold', { days: 30 }),
    t('referral.landing.how.paid', { min: '$50' }),
  ];
  return (
    <main className="mx-auto max-w-4xl px-5 py-10 sm:py-16">
      <section className="grid gap-10 md:grid-cols-[3fr_2fr] md:items-start">
        <div className="space-y-5">
          <h1 className="text-3xl font-semibold text-ink sm:text-4xl">{t('referral.landing.title')}</h1>
          <p className="text-lg text-ink-muted">{t('referral.landing.lead')}</p>
          <ProgrammePoints />
          <Link
            to={signedIn ? to('/partners') : `${to('/login')}?partner=1`}
            className={buttonClass({ size: 'lg' })}
          >
            {signedIn && me.data?.attributes.isPartner
              ? t('referral.landing.ctaPartner')
              : t('referral.landing.cta')}
          </Link>
        </div>
        <div className="rounded-xl bg-white p-6 shadow-card ring-1 ring-slate-900/5">
          <h2 className="mb-4 text-lg font-semibold text-ink">{t('referral.landing.howTitle')}</h2>
          <ol className="list-decimal space-y-3 pl-5 text-ink">
            {steps.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ol>
        </div>
      </section>
    </main>
  );
}
