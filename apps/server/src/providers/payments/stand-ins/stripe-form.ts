/**
 * Stripe's v1 API takes `application/x-www-form-urlencoded` bodies with nesting spelt in brackets:
 * `line_items[0][price_data][unit_amount]=1050&metadata[payment_id]=7`. This reads such a body (or a
 * query string) back into objects, with arrays where every key of a level is an index.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

export function parseStripeForm(encoded: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(encoded)) {
    const path = keyPath(key);
    if (path.length > 0) put(root, path, value);
  }
  return arraysOf(root) as FormObject;
}

/** `a[b][0]` → ['a', 'b', '0']; `a[]` appends (the SDK never sends it, curl users do). */
function keyPath(key: string): string[] {
  const head = key.split('[', 1)[0] ?? '';
  const rest = [...key.slice(head.length).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1] ?? '');
  return head === '' ? [] : [head, ...rest];
}

function put(target: FormObject, path: string[], value: string): void {
  let level = target;
  path.forEach((segment, i) => {
    const key = segment === '' ? String(Object.keys(level).length) : segment;
    if (i === path.length - 1) {
      level[key] = value;
      return;
    }
    const next = level[key];
    if (typeof next !== 'object' || next === null || Array.isArray(next)) level[key] = {};
    level = level[key] as FormObject;
  });
}

function arraysOf(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const converted = Object.fromEntries(keys.map((key) => [key, arraysOf(value[key] as FormValue)]));
  const isList = keys.length > 0 && keys.every((key, i) => /^\d+$/.test(key) && Number(key) === i);
  return isList ? keys.map((key) => converted[key] as FormValue) : converted;
}

/** A nested object of the form, or undefined when the key is missing or not an object. */
export function formObject(value: FormValue | undefined): FormObject | undefined {
  return typeof value === 'object' && !Array.isArray(value) ? value : undefined;
}

/** A string of the form, or undefined when the key is missing or nested. */
export function formString(value: FormValue | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
