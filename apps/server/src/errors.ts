/**
 * The errors services throw, in the domain's words: what went wrong, never an HTTP status. The HTTP
 * layer (http/error-handler.ts) maps each kind to its status and translates the message, an i18n key.
 */
export type ErrorKind = 'invalid' | 'unauthenticated' | 'forbidden' | 'notFound' | 'gone' | 'tooManyAttempts';

export class AppError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
    readonly params: Record<string, string | number> = {},
    /** A second line saying what to do about it (an i18n key), sent as the answer's `hint`. */
    readonly hint?: string,
  ) {
    super(message);
  }
}

/**
 * Too many tries: the client may try again after `retryAfterSeconds`, or at once with a solved
 * captcha where `captcha` says one is accepted.
 */
export class TooManyAttemptsError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    options: { captcha?: boolean; message?: string } = {},
  ) {
    super(
      'tooManyAttempts',
      options.message ?? (options.captcha ? 'errors.tooManyAttemptsCaptcha' : 'errors.tooManyAttempts'),
    );
  }
}

/** Input that breaks a rule, per field; field messages are i18n keys, localized for the caller. */
export class FieldError extends Error {
  constructor(
    readonly fields: Record<string, string | { key: string; params?: Record<string, string | number> }>,
    message = 'errors.invalidData',
    /** The message's own parameters, when it says more than 'The given data was invalid'. */
    readonly params: Record<string, string | number> = {},
  ) {
    super(message);
  }
}

export const notFound = () => new AppError('notFound', 'errors.notFound');
export const forbidden = () => new AppError('forbidden', 'errors.forbidden');
export const unauthenticated = () => new AppError('unauthenticated', 'errors.unauthenticated');
