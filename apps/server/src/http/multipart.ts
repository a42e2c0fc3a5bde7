import type { MultipartFile } from '@fastify/multipart';
import { FieldError } from '../errors.ts';

/**
 * An upload reads one file, under `file`: any other file part is refused by its name (field and file
 * name), so a client that sent two knows which one was too many.
 */
export const extraFilePart = (part: MultipartFile) =>
  new FieldError({
    file: { key: 'errors.extraFilePart', params: { part: part.fieldname, name: part.filename } },
  });
