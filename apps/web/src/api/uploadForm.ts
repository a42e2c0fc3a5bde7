import type { FieldErrors } from '@linkwatch/shared';
import { ApiError } from './client.ts';
import { apiHeaders, apiUrl } from './http.ts';
import { failureText, requestLocale } from './language.ts';
import { clearToken, getToken } from './token.ts';

/**
 * A multipart POST through XMLHttpRequest, the one browser API that reports upload progress; answers
 * the reply's `data.attributes`. Errors become the same ApiError the JSON client throws.
 */
export function uploadForm<T>(
  path: string,
  fields: Record<string, string | Blob>,
  options: { onProgress: (percent: number) => void; signal?: AbortSignal },
): Promise<T> {
  return uploadResource<T>(path, fields, options).then((resource) => resource.attributes);
}

/** As uploadForm, answering the whole resource (`data`: its id with its attributes). */
export function uploadResource<T>(
  path: string,
  fields: Record<string, string | Blob>,
  { onProgress, signal }: { onProgress: (percent: number) => void; signal?: AbortSignal },
): Promise<{ id: number; attributes: T }> {
  // As the JSON client: a 401 ends the session only while it is the one the upload spoke for.
  const sentWith = getToken();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(path));
    for (const [name, value] of Object.entries(apiHeaders(requestLocale())))
      xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError({ status: 0, message: failureText('common.networkError') }));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    xhr.onload = () => {
      let body: {
        data?: { id: number; attributes: T };
        message?: string;
        errors?: Record<string, string | string[]>;
      } = {};
      try {
        body = JSON.parse(xhr.responseText || '{}');
      } catch {
        body = {};
      }
      if (xhr.status >= 200 && xhr.status < 300 && body.data) return resolve(body.data);
      if (xhr.status === 401 && getToken() === sentWith) clearToken('expired');
      const fieldErrors: FieldErrors = {};
      for (const [field, value] of Object.entries(body.errors ?? {}))
        fieldErrors[field] = Array.isArray(value) ? value : [value];
      reject(
        new ApiError({
          status: xhr.status,
          message: body.message || failureText('common.requestFailed'),
          fieldErrors: xhr.status === 422 ? fieldErrors : {},
        }),
      );
    };
    signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    xhr.send(form);
  });
}
