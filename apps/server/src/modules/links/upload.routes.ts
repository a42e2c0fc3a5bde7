import type { MultipartFile } from '@fastify/multipart';
import { LINK_UPLOAD_MAX_BYTES, ZUploadResponse } from '@linkwatch/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { FieldError } from '../../errors.ts';
import { requireAccount } from '../../http/auth.ts';
import { requestLocale } from '../../http/locale.ts';
import { extraFilePart } from '../../http/multipart.ts';
import { type UploadForm, uploadLinks } from './upload.service.ts';
import { prepareUploadReading } from './upload-file.ts';

const tooLarge = () =>
  new FieldError({
    file: { key: 'links.upload.tooLarge', params: { max: LINK_UPLOAD_MAX_BYTES / 1024 / 1024 } },
  });

async function readFile(part: MultipartFile) {
  try {
    const content = await part.toBuffer();
    return { filename: part.filename, content };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw error;
  }
}

/** The fields may come in any order, so the whole form is read before anything is checked. */
async function readUploadForm(req: FastifyRequest): Promise<UploadForm> {
  const form: UploadForm = {};
  if (!req.isMultipart()) return form;
  // Two files let the second arrive here, to be refused by name, rather than as busboy's bare 413.
  for await (const part of req.parts({ limits: { files: 2 } })) {
    if (part.type === 'file') {
      if (part.fieldname !== 'file' || form.file) throw extraFilePart(part);
      prepareUploadReading(part.filename);
      form.file = await readFile(part);
    } else if (part.fieldname === 'campaign') {
      form.campaign = String(part.value);
    }
  }
  return form;
}

export function uploadRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /**
   * multipart `campaign`, `file` (txt, xlsx or xls). Answers what was added, how many were already there
   * or repeated, which lines were not URLs, and the first line when it was skipped as a header; an unreadable, empty or oversized file answers 422
   * under `file` and stores nothing.
   */
  r.post(
    '/links/upload',
    {
      schema: {
        tags: ['links'],
        security: [{ bearerAuth: [] }],
        'x-permission': 'links.manage' as const,
        consumes: ['multipart/form-data'],
        response: { 200: ZUploadResponse },
      },
    },
    async (req) => {
      const account = requireAccount(req);
      const user = account.owner;
      const form = await readUploadForm(req);
      const locale = requestLocale(req);
      const { campaignId, uploaded } = await uploadLinks(ctx, {
        userId: user.id,
        actor: account,
        form,
        locale,
        log: req.log,
      });
      return { data: { id: campaignId, type: 'linkUploads' as const, attributes: uploaded } };
    },
  );
}
