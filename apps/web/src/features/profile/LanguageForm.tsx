import { LOCALES, type Locale } from '@linkwatch/shared';
import { Check } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { languageTag } from '@/lib/locale.ts';
import { useMe } from '@/lib/session.ts';
import { useLocale } from '@/lib/useLocale.tsx';
import { useSwitchLocale } from '@/lib/useSwitchLocale.ts';
import { CardBody } from '@/ui/Card.tsx';
import { cn } from '@/ui/cn.ts';

/**
 * The account's language (this visit's may differ: a URL's language wins for its visit). Choosing one
 * switches the URL prefix and saves it with PUT user {locale}.
 */
export function LanguageForm() {
  const { t } = useTranslation();
  const visit = useLocale();
  const locale = (useMe().data?.attributes.locale as Locale | undefined) ?? visit;
  const switchLocale = useSwitchLocale();
  return (
    <CardBody>
      <RadioGroup.Root
        value={locale}
        onValueChange={(value) => void switchLocale(value as (typeof LOCALES)[number])}
        aria-label={t('profile.language.title')}
        className="grid gap-3 sm:grid-cols-3"
      >
        {LOCALES.map((code) => (
          <RadioGroup.Item
            key={code}
            value={code}
            className={cn(
              'flex items-center justify-between rounded-lg px-4 py-3 text-left text-sm ring-1 ring-inset transition-colors',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
              'data-[state=checked]:bg-brand-50 data-[state=checked]:ring-2 data-[state=checked]:ring-brand-500',
              'ring-slate-200 hover:bg-slate-50',
            )}
          >
            <span>
              <span className="block font-medium text-ink" lang={languageTag(code)}>
                {t(`common.languages.${code}`)}
              </span>
              <span className="text-xs text-ink-subtle uppercase">{code}</span>
            </span>
            <RadioGroup.Indicator>
              <Check className="size-4 text-brand-600" aria-hidden />
            </RadioGroup.Indicator>
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
    </CardBody>
  );
}
