import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings } from '@/lib/settings.ts';
import {
  type Consent,
  loadTagManager,
  optedOut,
  rememberConsent,
  storedConsent,
  suggestsEuRules,
  tagManagerState,
} from '@/lib/tagManager.ts';
import { Button } from '@/ui/Button.tsx';

/**
 * The operator's tag manager (spec 7), when one is configured: loaded for a visitor who sends neither
 * Do Not Track nor Global Privacy Control, and where the EU rules apply only once they accept it in
 * this small banner (their answer is remembered). Rendered once the first page is shown.
 */
export default function TagManager() {
  const id = useSettings()?.tagManagerId ?? null;
  const [consent, setConsent] = useState<Consent | null>(storedConsent);
  const state = tagManagerState({ id, optedOut: optedOut(), euRules: suggestsEuRules(), consent });

  useEffect(() => {
    if (state === 'load' && id) loadTagManager(id);
  }, [state, id]);

  if (state !== 'ask') return null;
  const answer = (value: Consent) => {
    rememberConsent(value);
    setConsent(value);
  };
  return <ConsentBanner onAnswer={answer} />;
}

function ConsentBanner({ onAnswer }: { onAnswer: (consent: Consent) => void }) {
  const { t } = useTranslation();
  return (
    <section
      aria-label={t('shell.consent.label')}
      className="fixed inset-x-3 bottom-3 z-[90] rounded-xl bg-white p-4 shadow-pop ring-1 ring-slate-900/10 sm:right-auto sm:left-4 sm:max-w-sm"
    >
      <p className="text-sm text-ink">{t('shell.consent.text')}</p>
      <div className="mt-3 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" size="sm" onClick={() => onAnswer('denied')}>
          {t('shell.consent.decline')}
        </Button>
        <Button size="sm" onClick={() => onAnswer('granted')}>
          {t('shell.consent.accept')}
        </Button>
      </div>
    </section>
  );
}
