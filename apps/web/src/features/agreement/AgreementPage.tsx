import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/ui/Card.tsx';

const SECTIONS = ['data', 'account', 'transport', 'access', 'retention', 'contact'] as const;

/** spec point 2: /agreement, the security policy. */
export default function AgreementPage() {
  const { t } = useTranslation();
  return (
    <article className="mx-auto max-w-3xl">
      <div className="mb-8 flex items-start gap-4">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600 ring-1 ring-brand-100">
          <ShieldCheck className="size-6" aria-hidden />
        </span>
        <div>
          <h1 className="text-3xl font-semibold tracking-tight text-ink">{t('agreement.title')}</h1>
          <p className="mt-2 text-ink-muted">{t('agreement.intro')}</p>
        </div>
      </div>
      <Card className="divide-y divide-line">
        {SECTIONS.map((key, index) => (
          <section key={key} className="px-6 py-6 sm:px-8" aria-labelledby={`policy-${key}`}>
            <h2 id={`policy-${key}`} className="flex items-baseline gap-3 text-base font-semibold text-ink">
              <span className="text-sm text-brand-600 tabular-nums">{index + 1}.</span>
              {t(`agreement.sections.${key}.title`)}
            </h2>
            <p className="mt-2 leading-7 text-slate-700">{t(`agreement.sections.${key}.body`)}</p>
          </section>
        ))}
      </Card>
    </article>
  );
}
