import {
  ZDisavowChangeRequest,
  ZDisavowDiffQuery,
  ZDisavowDiffResponse,
  ZDisavowVersionDetailResponse,
  ZDisavowVersionListResponse,
  ZDisavowVersionParams,
  ZDisavowVersionResponse,
  ZFileResponse,
  ZIdParams,
} from '@linkwatch/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { requireAccount } from '../../http/auth.ts';
import { presentEntry, presentVersion } from './disavow.presenter.ts';
import {
  changeDisavowList,
  versionDiff,
  versionFile,
  versionsOf,
  versionWithEntries,
} from './disavow.service.ts';

const tags = ['disavow'];
const security = [{ bearerAuth: [] }];
/** Reading the list is reading the project's links; changing it is managing them. */
const read = 'projects.read' as const;
const write = 'links.manage' as const;

/** A project's disavow list (issue 32): versions, each a full snapshot, and Google's file of each. */
export function disavowRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/projects/:id/disavow',
    {
      schema: {
        tags,
        security,
        'x-permission': read,
        params: ZIdParams,
        response: { 200: ZDisavowVersionListResponse },
      },
    },
    async (req) => {
      const scope = { userId: requireAccount(req).accountId, projectId: req.params.id };
      return { data: (await versionsOf(ctx, scope)).map(presentVersion) };
    },
  );

  r.post(
    '/projects/:id/disavow',
    {
      schema: {
        tags,
        security,
        'x-permission': write,
        params: ZIdParams,
        body: ZDisavowChangeRequest,
        response: { 201: ZDisavowVersionResponse },
      },
    },
    async (req, reply) => {
      const account = requireAccount(req);
      const version = await changeDisavowList(ctx, {
        userId: account.accountId,
        projectId: req.params.id,
        actorId: account.actorId,
        change: req.body,
      });
      return reply.code(201).send({ data: presentVersion(version) });
    },
  );

  r.get(
    '/projects/:id/disavow/:version',
    {
      schema: {
        tags,
        security,
        'x-permission': read,
        params: ZDisavowVersionParams,
        response: { 200: ZDisavowVersionDetailResponse },
      },
    },
    async (req) => {
      const { version, entries } = await versionWithEntries(ctx, {
        userId: requireAccount(req).accountId,
        projectId: req.params.id,
        number: req.params.version,
      });
      const shown = presentVersion(version);
      return { data: { ...shown, attributes: { ...shown.attributes, entries: entries.map(presentEntry) } } };
    },
  );

  r.get(
    '/projects/:id/disavow/:version/file',
    {
      schema: {
        tags,
        security,
        'x-permission': read,
        params: ZDisavowVersionParams,
        produces: ['text/plain'],
        response: { 200: ZFileResponse },
      },
    },
    async (req, reply) => {
      const file = await versionFile(ctx, {
        userId: requireAccount(req).accountId,
        projectId: req.params.id,
        number: req.params.version,
      });
      return reply
        .type('text/plain; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.name}"`)
        .send(file.text);
    },
  );

  r.get(
    '/projects/:id/disavow/:version/diff',
    {
      schema: {
        tags,
        security,
        'x-permission': read,
        params: ZDisavowVersionParams,
        querystring: ZDisavowDiffQuery,
        response: { 200: ZDisavowDiffResponse },
      },
    },
    async (req) => {
      const diff = await versionDiff(ctx, {
        userId: requireAccount(req).accountId,
        projectId: req.params.id,
        number: req.params.version,
        from: req.query.from,
      });
      return {
        data: {
          from: diff.from,
          to: diff.to,
          added: diff.added.map(presentEntry),
          removed: diff.removed.map(presentEntry),
        },
      };
    },
  );
}
