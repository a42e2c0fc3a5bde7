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

/** `{{name}}` placeholders filled from params, as i18next fills them. */
export function interpolate(text: string, params: TranslateParams = {}): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? ''));
}
