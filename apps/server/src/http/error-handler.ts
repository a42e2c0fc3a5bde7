import { type FieldErrors, issuesToFieldErrors } from '@linkwatch/shared';
import { hasKey, translate } from '@linkwatch/shared/i18n';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type ErrorKind, FieldError, TooManyAttemptsError } from '../errors.ts';
import { type ErrorBody, RequestValidationError } from './errors.ts';
import { requestLocale } from './locale.ts';

/** The HTTP status of each kind of domain error. */
const STATUS: Record<ErrorKind, number> = {
  invalid: 422,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  gone: 410,
  tooManyAttempts: 429,
};

/**
 * busboy (under @fastify/multipart) throws plain errors, with no status, for a body that is not the
 * multipart it says it is: no boundary in its content type, or data that ends before its closing
 * boundary (on the form, or on the file part being read). Those are the client's input, not our fault.
 */
const MALFORMED_MULTIPART = [
  /^Multipart: Boundary not found$/,
  /unexpected end of multipart data$/i,
  /^Malformed part header$/,
  /^Unsupported Content-Type\.$/,
];

function isMalformedMultipart(error: FastifyError, req: FastifyRequest): boolean {
  if (error.statusCode !== undefined || !req.isMultipart?.()) return false;
  return MALFORMED_MULTIPART.some((pattern) => pattern.test(error.message));
}

/** 422 `{message, errors}` and `{message}` for everything else; a stack trace never reaches a client. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    const locale = requestLocale(req);
    const send = (status: number, body: ErrorBody) => reply.code(status).send(body);

    if (error instanceof RequestValidationError || error.validation) {
      const issues = error instanceof RequestValidationError ? error.issues : [];
      const errors = issuesToFieldErrors(issues, locale);
      // An issue may name the answer's message too (spec point 5's 'Please, select a project.').
      const summaries = issues.map((i) => (i.code === 'custom' ? i.params?.summary : undefined));
      const message = summaries.find((s): s is string => typeof s === 'string') ?? 'errors.invalidData';
      return send(422, { message: translate(locale, message), errors });
    }
    if (error instanceof FieldError) {
      const errors: FieldErrors = {};
      for (const [field, value] of Object.entries(error.fields)) {
        const { key, params } = typeof value === 'string' ? { key: value, params: {} } : value;
        const name = field.split('.')[0];
        const label = hasKey(locale, `fields.${name}`) ? translate(locale, `fields.${name}`) : name;
        errors[field] = [translate(locale, key, { field: label, host: 'example.com', ...params })];
      }
      return send(422, { message: translate(locale, error.message, error.params), errors });
    }
    if (isMalformedMultipart(error, req)) {
      const errors = { _: [translate(locale, 'errors.malformedMultipart')] };
      return send(422, { message: translate(locale, 'errors.invalidData'), errors });
    }
    if (error instanceof TooManyAttemptsError) reply.header('retry-after', error.retryAfterSeconds);
    if (error instanceof AppError) {
      const message = translate(locale, error.message, error.params);
      const hint = error.hint ? { hint: translate(locale, error.hint, error.params) } : {};
      return send(STATUS[error.kind], { message, ...hint });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return send(413, { message: translate(locale, 'errors.payloadTooLarge') });
    if (status === 429) return send(429, { message: translate(locale, 'errors.tooManyAttempts') });
    if (status >= 400 && status < 500) return send(status, { message: error.message });
    req.log.error({ err: error }, 'unhandled error');
    return send(500, { message: translate(locale, 'errors.serverError') });
  });

  app.setNotFoundHandler(sendApiNotFound);
}

/** The API's answer to a path it has no route for. */
export function sendApiNotFound(req: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).send({ message: translate(requestLocale(req), 'errors.notFound') });
}
