import { LOCALES } from '@linkwatch/shared';
import { ChevronDown, Globe } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { languageTag } from '@/lib/locale.ts';
import { useLocale } from '@/lib/useLocale.tsx';
import { useSwitchLocale } from '@/lib/useSwitchLocale.ts';
import { Button } from '@/ui/Button.tsx';
import {
  DropdownMenu,
  DropdownMenuCheckItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '@/ui/DropdownMenu.tsx';

export function LanguageSwitcher({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const switchLocale = useSwitchLocale();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          aria-label={`${t('common.language')}: ${t(`common.languages.${locale}`)}`}
        >
          <Globe className="size-4" aria-hidden />
          <span className="uppercase">{locale}</span>
          {compact ? null : <ChevronDown className="size-3.5 opacity-60" aria-hidden />}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>{t('common.language')}</DropdownMenuLabel>
        {LOCALES.map((code) => (
          <DropdownMenuCheckItem
            key={code}
            checked={code === locale}
            onSelect={() => void switchLocale(code)}
          >
            <span lang={languageTag(code)}>{t(`common.languages.${code}`)}</span>
          </DropdownMenuCheckItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
