import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { FieldError } from '../../errors.ts';

/**
 * An uploaded file judged by its bytes (not its name or the type the browser claims): present, within
 * `maxBytes` (else `tooLarge()`), one of `types` (else `typeError`). What the images and the videos store.
 */
export async function checkedUpload(
  file: { content: Buffer } | undefined,
  rules: { maxBytes: number; tooLarge: () => FieldError; types: readonly string[]; typeError: string },
) {
  if (!file || file.content.length === 0) throw new FieldError({ file: 'validation.required' });
  if (file.content.length > rules.maxBytes) throw rules.tooLarge();
  const type = await fileTypeFromBuffer(file.content);
  if (!type || !rules.types.includes(type.mime)) throw new FieldError({ file: rules.typeError });
  return {
    mime: type.mime,
    size: file.content.length,
    sha256: createHash('sha256').update(file.content).digest('hex'),
    bytes: file.content,
  };
}
