import {
  ZEvidencePdfQuery,
  ZFileResponse,
  ZIdParams,
  ZLinkEvidenceListResponse,
  ZReportEvidenceResponse,
} from '@linkwatch/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { requireAccount } from '../../http/auth.ts';
import { requestLocale } from '../../http/locale.ts';
import { attachment } from '../../lib/spreadsheet.ts';
import { evidenceFileName, renderEvidenceSheet } from './evidence.pdf.ts';
import { evidenceOfLink, evidenceOfReportLink, evidenceShot, shotsFor } from './evidence.service.ts';

const tags = ['links'];
const security = [{ bearerAuth: [] }];
const ZShotParams = z.object({ id: ZIdParams.shape.id, shotId: ZIdParams.shape.id });

/** Issue 31, Evidence: a link's state changes with both states, their screenshots and the PDF sheet. */
export function evidenceRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/links/:id/evidence',
    {
      schema: {
        tags,
        security,
        'x-permission': 'projects.read' as const,
        params: ZIdParams,
        response: { 200: ZLinkEvidenceListResponse },
      },
    },
    async (req) => {
      const user = requireAccount(req).owner;
      const { evidence } = await evidenceOfLink(ctx, { userId: user.id, linkId: req.params.id });
      return { data: evidence, meta: { retentionDays: ctx.config.evidence.retentionDays } };
    },
  );

  /**
   * The report page's evidence: the change a report link records, both states; its screenshots and
   * PDF sheet are read through the link (`meta.linkId`), like the link panel's.
   */
  r.get(
    '/reports/links/:id/evidence',
    {
      schema: {
        tags: ['reports'],
        security,
        'x-permission': 'reports.read' as const,
        params: ZIdParams,
        response: { 200: ZReportEvidenceResponse },
      },
    },
    async (req) => {
      const user = requireAccount(req).owner;
      const { linkId, evidence } = await evidenceOfReportLink(ctx, {
        userId: user.id,
        reportLinkId: req.params.id,
      });
      return { data: evidence, meta: { linkId, retentionDays: ctx.config.evidence.retentionDays } };
    },
  );

  /** A screenshot never changes once taken: cached for a year, privately (it is behind the login). */
  r.get(
    '/links/:id/evidence/shots/:shotId',
    {
      schema: {
        tags,
        security,
        'x-permission': 'projects.read' as const,
        params: ZShotParams,
        produces: ['image/jpeg'],
        response: { 200: ZFileResponse },
      },
    },
    async (req, reply) => {
      const user = requireAccount(req).owner;
      const shot = await evidenceShot(ctx, {
        userId: user.id,
        linkId: req.params.id,
        shotId: req.params.shotId,
      });
      return reply
        .header('cache-control', 'private, max-age=31536000, immutable')
        .type(shot.mime)
        .send(shot.bytes);
    },
  );

  r.get(
    '/links/:id/evidence.pdf',
    {
      schema: {
        tags,
        security,
        'x-permission': 'projects.read' as const,
        params: ZIdParams,
        querystring: ZEvidencePdfQuery,
        produces: ['application/pdf'],
        response: { 200: ZFileResponse },
      },
    },
    async (req, reply) => {
      const user = requireAccount(req).owner;
      const params = { userId: user.id, linkId: req.params.id };
      const { link, evidence } = await evidenceOfLink(ctx, params);
      const chosen =
        req.query.evidence === undefined ? evidence[0] : evidence.find((e) => e.id === req.query.evidence);
      if (!chosen) throw notFound();
      const shots = await shotsFor(ctx, { ...params, evidence: chosen });
      const pdf = await renderEvidenceSheet({ link, evidence: chosen, shots, locale: requestLocale(req) });
      return reply
        .header('content-disposition', attachment(evidenceFileName(link.id, chosen.id)))
        .header('cache-control', 'private, no-store')
        .type('application/pdf')
        .send(pdf);
    },
  );
}
