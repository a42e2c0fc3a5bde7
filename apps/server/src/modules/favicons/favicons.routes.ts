import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { apiChecker } from '../../lib/api-checker.ts';
import { FAVICON_HOST, faviconStore } from './favicons.service.ts';

const ZFaviconParams = z.object({
  host: z
    .string()
    .transform((host) => host.toLowerCase())
    .refine((host) => FAVICON_HOST.test(host), { message: 'validation.invalid' })
    .describe('a site host name, e.g. shop.example.com'),
});

/**
 * `GET favicons/{host}`: the site's favicon through our server (see favicons.service.ts), or 404, on
 * which the page shows its default image. Open without a login: an <img> sends no bearer token, and
 * what it serves is public; the SSRF guard, the size cap and the cache bound what anyone can make it do.
 */
export function faviconRoutes(app: FastifyInstance, ctx: AppContext) {
  const store = faviconStore(apiChecker(app, ctx));
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/favicons/:host',
      { schema: { tags: ['favicons'], params: ZFaviconParams } },
      async (req, reply) => {
        const favicon = await store.get(req.params.host);
        if (!favicon) {
          // A miss is cached by the browser too, for less time than an image.
          reply.header('cache-control', 'public, max-age=3600');
          throw notFound();
        }
        return (
          reply
            .header('content-type', favicon.contentType)
            .header('cache-control', 'public, max-age=86400')
            // Nothing in an image runs; should one be opened as a page, it may load nothing either.
            .header('content-security-policy', "default-src 'none'")
            .send(Buffer.from(favicon.bytes))
        );
      },
    );
}
