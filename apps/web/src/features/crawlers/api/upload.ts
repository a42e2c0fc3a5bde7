import type { FieldErrors, TCrawlerUploadResult } from '@linkwatch/shared';
import { ApiError } from '@/api/client.ts';
import { clearToken, getToken } from '@/api/token.ts';
import { currentLocale, i18n } from '@/lib/i18n.ts';

/**
 * `POST crawlers/upload` (multipart: file, project, source) through XMLHttpRequest, the one browser
 * API that reports upload progress. Errors become the same ApiError the JSON client throws.
 */
export function uploadCrawlers({
  project,
  source,
  file,
  onProgress,
}: {
  project: string;
  source: number;
  file: File;
  onProgress: (percent: number) => void;
}): Promise<TCrawlerUploadResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/crawlers/upload');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('x-localization', currentLocale());
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError({ status: 0, message: i18n.t('common.networkError') }));
    xhr.onload = () => {
      let body: {
        data?: { attributes: TCrawlerUploadResult };
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
    const form = new FormData();
    form.append('project', project);
    form.append('source', String(source));
    form.append('file', file);
    xhr.send(form);
  });
}
