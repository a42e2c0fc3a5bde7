// The same catalogs the app renders, so a test in any language reads the texts a user sees.
import { resources } from '../../packages/shared/src/i18n/index.ts';
import type { Locale } from './support.ts';

export const LOCALES: readonly Locale[] = ['en', 'ru', 'ua'];

export function texts(locale: Locale) {
  return resources[locale];
}

export function fill(template: string, params: Record<string, string>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => params[name] ?? '');
}
