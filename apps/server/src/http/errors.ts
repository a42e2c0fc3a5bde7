import type { FieldErrors } from '@linkwatch/shared';
import type { z } from 'zod';

/** Raised by our validator compiler so the error handler can localize zod's issues. */
export class RequestValidationError extends Error {
  constructor(readonly issues: z.core.$ZodIssue[]) {
    super('errors.invalidData');
  }
}

/** `hint`: what the user can do about it, shown under the message (spec 8's 'Please wait while …'). */
export type ErrorBody = { message: string; errors?: FieldErrors; hint?: string };
