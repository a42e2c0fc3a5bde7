import { api, type Query } from '@/api/client.ts';
import { apiHeaders, apiUrl } from '@/api/http.ts';
import { currentLocale } from '@/lib/i18n.ts';

export type ExportOutcome = { kind: 'file'; filename: string } | { kind: 'mailed'; count: number };

function filenameOf(disposition: string | null, fallback: string): string {
  const star = disposition?.match(/filename\*=UTF-8''([^;]+)/i);
  if (star) return decodeURIComponent(star[1]);
  const plain = disposition?.match(/filename="?([^";]+)"?/i);
  return plain ? plain[1] : fallback;
}

function save(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * `GET {path}` as a file (spec point 7: export answers a blob). A 202 means the server will mail it
 * (over 3,000 links); errors go through the JSON client so they read like every other error.
 */
export async function downloadExport({
  path,
  query,
  fallbackName,
}: {
  path: string;
  query: Query;
  fallbackName: string;
}): Promise<ExportOutcome> {
  const response = await fetch(apiUrl(path, query), { headers: apiHeaders(currentLocale(), '*/*') });
  if (response.status === 202) {
    const body = (await response.json()) as { data: { attributes: { count: number } } };
    return { kind: 'mailed', count: body.data.attributes.count };
  }
  // Repeat through the JSON client to get its typed error (field errors, localized fallback).
  if (!response.ok) await api.get(path, { query });
  const filename = filenameOf(response.headers.get('content-disposition'), fallbackName);
  save(await response.blob(), filename);
  return { kind: 'file', filename };
}
