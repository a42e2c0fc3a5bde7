import { LOCALES } from '@linkwatch/shared';
import { BookmarkCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { languageTag } from '@/lib/locale.ts';
import { notify } from '@/lib/notices.ts';
import { useLocale } from '@/lib/useLocale.tsx';
import { useAccountLocaleOffer, useSaveAccountLocale, useSwitchLocale } from '@/lib/useSwitchLocale.ts';
import {
  DropdownMenu,
  DropdownMenuCheckItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
} from '@/ui/DropdownMenu.tsx';
import { SwitcherButton } from './SwitcherButton.tsx';

/**
 * The language menu, open from its first render (it is rendered when the switcher is first used). Picking
 * a language switches the URL and, when logged in, saves it to the account; when the URL's language is
 * not the account's, the menu says so and offers to save the URL's.
 */
export default function LanguageMenu({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const switchLocale = useSwitchLocale();
  const saveLocale = useSaveAccountLocale();
  const offer = useAccountLocaleOffer();
  const name = (code: string) => t(`common.languages.${code as (typeof LOCALES)[number]}`);

  const accountText = offer ? t('shell.language.account', { account: name(offer.account) }) : '';

  const save = async () => {
    if (!offer) return;
    if (await saveLocale(offer.locale))
      notify.success(t('shell.language.saved', { language: name(offer.locale) }));
  };

  return (
    <DropdownMenu defaultOpen trigger={<SwitcherButton compact={compact} />}>
      <DropdownMenuContent className="max-w-72">
        <DropdownMenuLabel>{t('common.language')}</DropdownMenuLabel>
        {LOCALES.map((code) => (
          <DropdownMenuCheckItem
            key={code}
            checked={code === locale}
            onSelect={() => void switchLocale(code)}
          >
            <span lang={languageTag(code)}>{name(code)}</span>
          </DropdownMenuCheckItem>
        ))}
        {offer ? (
          <>
            <DropdownMenuSeparator />
            <div aria-hidden className="px-2.5 pt-1.5 pb-1 text-xs text-ink-muted">
              {accountText}
            </div>
            <DropdownMenuItem
              onSelect={() => void save()}
              icon={<BookmarkCheck className="size-4 shrink-0 text-brand-600" aria-hidden />}
            >
              <span>
                {/* The line above is not a menu item, so a screen reader hears it with the item. */}
                <span className="sr-only">{accountText} </span>
                {t('shell.language.save', { language: name(offer.locale) })}
              </span>
            </DropdownMenuItem>
          </>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
