import type { FieldErrors } from '@linkwatch/shared';
import { ApiError } from '@/api/client.ts';
import { clearToken, getToken } from '@/api/token.ts';
import { currentLocale, i18n } from '@/lib/i18n.ts';
import type { TUploadResult } from './links.ts';

/**
 * `POST links/upload` (multipart: campaign, file) through XMLHttpRequest, the one browser API that
 * reports upload progress. Errors become the same ApiError the JSON client throws.
 */
export function uploadLinks({
  campaign,
  file,
  onProgress,
  signal,
}: {
  campaign: string | number;
  file: File;
  onProgress: (percent: number) => void;
  signal?: AbortSignal;
}): Promise<TUploadResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/links/upload');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('x-localization', currentLocale());
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError({ status: 0, message: i18n.t('common.networkError') }));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    xhr.onload = () => {
      let body: {
        data?: { attributes: TUploadResult };
        message?: string;
        errors?: Record<string, string | string[]>;
      } = {};
      try {
        body = JSON.parse(xhr.responseText || '{}');
      } catch {
        body = {};
      }
      if (xhr.status >= 200 && xhr.status < 300 && body.data) return resolve(body.data.attributes);
      if (xhr.status === 401) clearToken('expired');
      const fieldErrors: FieldErrors = {};
      for (const [field, value] of Object.entries(body.errors ?? {}))
        fieldErrors[field] = Array.isArray(value) ? value : [value];
      reject(
        new ApiError({
          status: xhr.status,
          message: body.message || i18n.t('common.requestFailed'),
          fieldErrors: xhr.status === 422 ? fieldErrors : {},
        }),
      );
    };
    signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    form.append('campaign', String(campaign));
    form.append('file', file);
    xhr.send(form);
  });
}
