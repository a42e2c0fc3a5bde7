import type { FieldErrors } from '@linkwatch/shared';
import { apiHeaders, apiUrl, type Query, takeEarlyRead } from './http.ts';
import { failureText, requestLocale } from './language.ts';
import { clearToken, getToken } from './token.ts';

export { buildQuery, type Query } from './http.ts';

/** Every failed call ends as one of these; `status` 0 means the server was not reached. */
export class ApiError extends Error {
  readonly status: number;
  readonly fieldErrors: FieldErrors;
  /** The server's second line, what to do about it ('Please wait while current task will be finished …'). */
  readonly hint: string | undefined;

  constructor({
    status,
    message,
    fieldErrors = {},
    hint,
  }: { status: number; message: string; fieldErrors?: FieldErrors; hint?: string }) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fieldErrors = fieldErrors;
    this.hint = hint;
  }

  /** spec point 8: the server message plus the field messages, joined by spaces. */
  get fullMessage(): string {
    return [this.message, ...Object.values(this.fieldErrors).flat()].filter(Boolean).join(' ');
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

export type RequestOptions = {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
};

function normalizeFieldErrors(raw: unknown): FieldErrors {
  if (!raw || typeof raw !== 'object') return {};
  const errors: FieldErrors = {};
  for (const [field, value] of Object.entries(raw as Record<string, unknown>)) {
    // spec point 8: each field holds a string or a list.
    const list = Array.isArray(value) ? value : [value];
    errors[field] = list.filter((m): m is string => typeof m === 'string');
  }
  return errors;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function fallbackMessage(status: number): string {
  if (status === 403) return failureText('status.error.forbidden');
  if (status === 404) return failureText('status.error.notFound');
  return failureText('common.requestFailed');
}

async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  // The session the request speaks for: a 401 ends it only while it is still the current one.
  const sentWith = getToken();
  const headers = apiHeaders(requestLocale());
  const hasBody = options.body !== undefined;
  if (hasBody) headers['Content-Type'] = 'application/json';
  const url = apiUrl(path, options.query);
  // A cold load's first reads were sent by the entry script (app/firstReads.ts).
  const sentEarly = method === 'GET' ? takeEarlyRead(url) : undefined;

  let response: Response;
  try {
    response = await (sentEarly ??
      fetch(url, {
        method,
        headers,
        body: hasBody ? JSON.stringify(options.body) : undefined,
        signal: options.signal,
      }));
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError({ status: 0, message: failureText('common.networkError') });
  }

  const body = await readBody(response);
  if (response.ok) return body as T;

  const payload = (body && typeof body === 'object' ? body : {}) as {
    message?: unknown;
    errors?: unknown;
    hint?: unknown;
  };
  const message =
    typeof payload.message === 'string' && payload.message
      ? payload.message
      : fallbackMessage(response.status);
  // spec point 4: an authentication error resets the session; the guards then send the user to login.
  // A 401 for a session already left (acting ended, another account or login since) says nothing of this one.
  if (response.status === 401 && getToken() === sentWith) clearToken('expired');
  throw new ApiError({
    status: response.status,
    message,
    fieldErrors: response.status === 422 ? normalizeFieldErrors(payload.errors) : {},
    hint: typeof payload.hint === 'string' && payload.hint ? payload.hint : undefined,
  });
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};
