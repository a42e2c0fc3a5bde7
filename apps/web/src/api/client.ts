import type { FieldErrors } from '@linkwatch/shared';
import { currentLocale, i18n } from '@/lib/i18n.ts';
import { clearToken, getToken } from './token.ts';

const API_BASE = '/api/';

/** Every failed call ends as one of these; `status` 0 means the server was not reached. */
export class ApiError extends Error {
  readonly status: number;
  readonly fieldErrors: FieldErrors;

  constructor({
    status,
    message,
    fieldErrors = {},
  }: { status: number; message: string; fieldErrors?: FieldErrors }) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fieldErrors = fieldErrors;
  }

  /** spec point 8: the server message plus the field messages, joined by spaces. */
  get fullMessage(): string {
    return [this.message, ...Object.values(this.fieldErrors).flat()].filter(Boolean).join(' ');
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type Query = Record<string, QueryValue>;

export type RequestOptions = {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
};

function encodeKey(key: string): string {
  return encodeURIComponent(key).replace(/%5B/g, '[').replace(/%5D/g, ']');
}

/** `{'page[number]': 1, 'filter[statuses]': [2, 0]}` → `page[number]=1&filter[statuses][]=2&filter[statuses][]=0`. */
export function buildQuery(query: Query = {}): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) parts.push(`${encodeKey(`${key}[]`)}=${encodeURIComponent(String(item))}`);
    } else {
      parts.push(`${encodeKey(key)}=${encodeURIComponent(String(value))}`);
    }
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

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
  if (status === 403) return i18n.t('status.error.forbidden');
  if (status === 404) return i18n.t('status.error.notFound');
  return i18n.t('common.requestFailed');
}

async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'x-localization': currentLocale(),
  };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const hasBody = options.body !== undefined;
  if (hasBody) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path.replace(/^\//, '')}${buildQuery(options.query)}`, {
      method,
      headers,
      body: hasBody ? JSON.stringify(options.body) : undefined,
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError({ status: 0, message: i18n.t('common.networkError') });
  }

  const body = await readBody(response);
  if (response.ok) return body as T;

  const payload = (body && typeof body === 'object' ? body : {}) as { message?: unknown; errors?: unknown };
  const message =
    typeof payload.message === 'string' && payload.message
      ? payload.message
      : fallbackMessage(response.status);
  // spec point 4: an authentication error resets the session; the guards then send the user to login.
  if (response.status === 401) clearToken('expired');
  throw new ApiError({
    status: response.status,
    message,
    fieldErrors: response.status === 422 ? normalizeFieldErrors(payload.errors) : {},
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
