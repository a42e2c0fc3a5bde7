import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  CRAWLER_UPLOAD_MAX_BYTES,
  type CrawlerSourceId,
  ZCrawlerUploadFields,
  ZCrawlerUploadResponse,
} from '@linkwatch/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { FieldError } from '../../errors.ts';
import { requireAccount } from '../../http/auth.ts';
import { requestLocale } from '../../http/locale.ts';
import { extraFilePart } from '../../http/multipart.ts';
import { prepareCsvReader } from './crawler-csv.ts';
import { importCrawlerFile } from './crawlers.service.ts';

interface CrawlerForm {
  project?: string;
  source?: string;
  file?: { filename: string; path: string; size: number };
}

const tooLarge = () =>
  new FieldError({
    file: { key: 'crawlers.upload.tooLarge', params: { max: CRAWLER_UPLOAD_MAX_BYTES / 1024 / 1024 } },
  });

/**
 * The form, in any order of its fields: the file is streamed to a temporary file as it arrives (so a
 * 50 MB upload never sits in memory), then read from there once the project and source are known.
 */
async function readForm(req: FastifyRequest, dir: string): Promise<CrawlerForm> {
  const form: CrawlerForm = {};
  if (!req.isMultipart()) return form;
  // Two files let the second arrive here, to be refused by name, rather than as busboy's bare 413.
  for await (const part of req.parts({ limits: { fileSize: CRAWLER_UPLOAD_MAX_BYTES, files: 2 } })) {
    if (part.type === 'file') {
      if (part.fieldname !== 'file' || form.file) throw extraFilePart(part);
      if (/\.(csv|tsv)$/i.test(part.filename)) prepareCsvReader();
      const target = path.join(dir, 'upload');
      try {
        await pipeline(part.file, createWriteStream(target));
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        throw error;
      }
      if (part.file.truncated) throw tooLarge();
      form.file = { filename: part.filename, path: target, size: (await stat(target)).size };
    } else if (part.fieldname === 'project' || part.fieldname === 'source') {
      form[part.fieldname] = String(part.value);
    }
  }
  return form;
}

function readFields(form: CrawlerForm) {
  const parsed = ZCrawlerUploadFields.safeParse({ project: form.project ?? '', source: form.source ?? '' });
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= issue.message;
    throw new FieldError(fields);
  }
  return { projectId: parsed.data.project, source: parsed.data.source as CrawlerSourceId };
}

export function crawlerUploadRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /**
   * multipart `file` (csv, tsv, xlsx or xls; up to 50 MB and 500,000 rows), `project`, `source` (1, 2
   * or 3). Answers what the import found: New, still Active, and RIP (no longer in this source's list),
   * and the rows skipped (not an address, or a date that does not read) with their numbers. A file that
   * cannot be read, or has no row to import, answers 422 under `file` and nothing is stored.
   */
  r.post(
    '/crawlers/upload',
    {
      schema: {
        tags: ['crawlers'],
        security: [{ bearerAuth: [] }],
        'x-permission': 'links.manage' as const,
        consumes: ['multipart/form-data'],
        response: { 201: ZCrawlerUploadResponse },
      },
    },
    async (req, reply) => {
      const user = requireAccount(req).owner;
      const dir = await mkdtemp(path.join(tmpdir(), 'linkwatch-crawlers-'));
      try {
        const form = await readForm(req, dir);
        const { projectId, source } = readFields(form);
        if (!form.file) throw new FieldError({ file: 'crawlers.upload.missingFile' });
        const result = await importCrawlerFile(ctx.db, {
          userId: user.id,
          projectId,
          source,
          file: form.file,
          locale: requestLocale(req),
        });
        const { id, ...attributes } = result;
        return reply.code(201).send({ data: { id, type: 'crawlerImports' as const, attributes } });
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  );
}
