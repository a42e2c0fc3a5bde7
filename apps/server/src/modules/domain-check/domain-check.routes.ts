import { ZDomainCheckRequest, ZDomainCheckResponse } from '@linkwatch/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { apiChecker } from '../../lib/api-checker.ts';
import { checkDomain } from './domain-check.service.ts';

const tags = ['domain-check'];

/**
 * `POST domain-check` (no login): the public domain check of issue 30, see
 * packages/shared/src/schemas/domain-check.ts. 422 for a malformed address or a wrong captcha, 429 with
 * Retry-After past the limits; a page that cannot be reached (SSRF guard included) is a 200 that says so.
 */
export function domainCheckRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const checker = apiChecker(app, ctx);

  r.post(
    '/domain-check',
    {
      schema: {
        tags,
        summary: 'Check one public page: does it answer, can it be indexed, does it link to a domain',
        description:
          'No login. Limited per client address and per day over all addresses (429 with Retry-After); needs a solved captcha (`captcha`) when the server has one configured. Pages on loopback, private or reserved addresses are refused by the checker (error `blocked_address`).',
        body: ZDomainCheckRequest,
        response: { 200: ZDomainCheckResponse },
      },
    },
    async (req) => {
      const attributes = await checkDomain(ctx, { input: req.body, ip: req.ip, checker });
      return { data: { type: 'domainChecks' as const, attributes } };
    },
  );
}
