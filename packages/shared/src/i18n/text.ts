export type TranslateParams = Record<string, string | number | undefined>;

/** The string at a dotted key (`auth.login.title`) of a catalog, if there is one. */
export function lookup(catalog: unknown, key: string): string | undefined {
  let node: unknown = catalog;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const pluralRules = new Map<string, Intl.PluralRules>();

/**
 * The text of a key as i18next picks it: with a numeric `count`, the plural form the language's rules
 * name for it (`key_one`, `key_few`, `key_many`, `key_other`; `tag` is a BCP 47 tag, so `ua` counts
 * as `uk`), then `key_other`, then the key itself.
 */
export function lookupText(
  catalog: unknown,
  params: { key: string; tag: string; count: unknown },
): string | undefined {
  const { key, tag, count } = params;
  if (typeof count === 'number') {
    let rules = pluralRules.get(tag);
    if (!rules) {
      rules = new Intl.PluralRules(tag);
      pluralRules.set(tag, rules);
    }
    const plural = lookup(catalog, `${key}_${rules.select(count)}`) ?? lookup(catalog, `${key}_other`);
    if (plural !== undefined) return plural;
  }
  return lookup(catalog, key);
}

/** `{{name}}` placeholders filled from params, as i18next fills them. */
export function interpolate(text: string, params: TranslateParams = {}): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? ''));
}
