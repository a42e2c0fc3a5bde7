import type { FieldErrors } from '@linkwatch/shared';
import type { z } from 'zod';

/** The one error type services throw; `message` is an i18n key, translated when the response is sent. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(message);
  }
}

/** A 429 that tells the client when to try again (`Retry-After`). */
export class TooManyAttemptsError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'errors.tooManyAttempts');
  }
}

/** A 422 whose field messages are i18n keys, localized for the caller. */
export class FieldError extends Error {
  readonly statusCode = 422;
  constructor(
    readonly fields: Record<string, string | { key: string; params?: Record<string, string | number> }>,
    message = 'errors.invalidData',
  ) {
    super(message);
  }
}

/** Raised by our validator compiler so the error handler can localize zod's issues. */
export class RequestValidationError extends Error {
  constructor(readonly issues: z.core.$ZodIssue[]) {
    super('errors.invalidData');
  }
}

export const notFound = () => new AppError(404, 'errors.notFound');
export const forbidden = () => new AppError(403, 'errors.forbidden');
export const unauthenticated = () => new AppError(401, 'errors.unauthenticated');

export type ErrorBody = { message: string; errors?: FieldErrors };
