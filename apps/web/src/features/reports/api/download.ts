import { ApiError, type Query } from '@/api/client.ts';
import { apiHeaders, apiUrl } from '@/api/http.ts';
import { currentLocale, i18n } from '@/lib/i18n.ts';

function filenameOf(disposition: string | null, fallback: string): string {
  const star = disposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (star) return decodeURIComponent(star);
  return disposition?.match(/filename="?([^";]+)"?/i)?.[1] ?? fallback;
}

/**
 * A file answer (the typed client reads JSON only): the same headers, errors read the same way,
 * and the body saved under the server's file name.
 */
export async function downloadFile({
  path,
  query,
  fallbackName,
}: {
  path: string;
  query: Query;
  fallbackName: string;
}) {
  let response: Response;
  try {
    response = await fetch(apiUrl(path, query), { headers: apiHeaders(currentLocale(), '*/*') });
  } catch {
    throw new ApiError({ status: 0, message: i18n.t('common.networkError') });
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as {
      message?: string;
      errors?: Record<string, string[]>;
    };
    throw new ApiError({
      status: response.status,
      message: body.message || i18n.t('common.requestFailed'),
      fieldErrors: response.status === 422 ? (body.errors ?? {}) : {},
    });
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filenameOf(response.headers.get('content-disposition'), fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
