import { useTranslation } from 'react-i18next';
import { intlTag } from '@/lib/locale.ts';

const formats = new Map<string, Intl.NumberFormat>();

/** Dollar amounts (the programme's money) in the page's language: `$1,234.50`, `1 234,50 $`. */
export function useDollars(): (value: number) => string {
  const { i18n } = useTranslation();
  const tag = intlTag(i18n.language);
  let format = formats.get(tag);
  if (!format) {
    format = new Intl.NumberFormat(tag, { style: 'currency', currency: 'USD' });
    formats.set(tag, format);
  }
  return (value) => format.format(value);
}
