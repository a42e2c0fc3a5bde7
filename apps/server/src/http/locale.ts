import { DEFAULT_LOCALE, isLocale, type Locale } from '@linkwatch/shared';
import type { FastifyRequest } from 'fastify';

/** The language of messages: the x-localization header the web app sends on every call. */
export function requestLocale(req: FastifyRequest): Locale {
  const header = req.headers['x-localization'];
  const value = Array.isArray(header) ? header[0] : header;
  return isLocale(value) ? value : DEFAULT_LOCALE;
}
