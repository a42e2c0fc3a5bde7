import { z } from 'zod';

/** The most reads one `GET batch` answers: a cold load's first screen makes a dozen. */
export const BATCH_MAX_READS = 16;

/**
 * One read of a batch: a path of this API with its query, as the call would be sent on its own
 * (`/api/links?filter[campaign]=7`). Not a batch itself, no `..` segment, nothing outside `/api/`.
 */
const ZBatchRead = z
  .string()
  .max(2048, { error: 'validation.max' })
  .regex(/^\/api\/(?!batch(?:[/?]|$))[^\s\\#]*$/, { error: 'validation.invalid' })
  .refine((url) => !url.split('?')[0].split('/').includes('..'), { error: 'validation.invalid' });

/** `?url=/api/user/me&url=/api/settings`: one read or several, each a `url` parameter. */
export const ZBatchQuery = z.object({
  url: z.preprocess(
    (value) => (value === undefined ? [] : [value].flat()),
    z
      .array(ZBatchRead)
      .min(1, { error: 'validation.required' })
      .max(BATCH_MAX_READS, { error: 'validation.max' }),
  ),
});

/** Each read's answer, in the order asked: its status and its JSON body (null when it had none). */
export const ZBatchResponse = z.object({
  data: z.array(z.object({ url: z.string(), status: z.number().int(), body: z.unknown() })),
});

export type TBatchResponse = z.infer<typeof ZBatchResponse>;
