import { ChevronDown, Globe } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/useLocale.tsx';
import { useAccountLocaleOffer } from '@/lib/useSwitchLocale.ts';
import { Button, type ButtonProps } from '@/ui/Button.tsx';

export type SwitcherButtonProps = ButtonProps & { compact: boolean };

/**
 * The switcher's button; a dot marks it when this visit's language is not the account's (the menu then
 * offers to save it). Forwards the props a menu trigger adds.
 */
export function SwitcherButton({ compact, ...props }: SwitcherButtonProps): ReactNode {
  const { t } = useTranslation();
  const locale = useLocale();
  const offer = useAccountLocaleOffer();
  const language = t(`common.languages.${locale}`);
  return (
    <Button
      variant="ghost"
      size="sm"
      // The name starts with the visible code (WCAG 2.5.3, label in name): "EN, Language: English".
      aria-label={`${locale.toUpperCase()}, ${
        offer
          ? t('shell.language.labelWithAccount', {
              language,
              account: t(`common.languages.${offer.account}`),
            })
          : t('shell.language.label', { language })
      }`}
      {...props}
    >
      <span className="relative">
        <Globe className="size-4" aria-hidden />
        {offer ? (
          <span
            data-offer
            aria-hidden
            className="absolute -top-0.5 -right-0.5 size-2 rounded-full bg-amber-500 ring-2 ring-white"
          />
        ) : null}
      </span>
      <span className="uppercase">{locale}</span>
      {compact ? null : <ChevronDown className="size-3.5 opacity-60" aria-hidden />}
    </Button>
  );
}
