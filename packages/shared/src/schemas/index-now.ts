import { z } from 'zod';
import { resource, single } from './common.ts';

/**
 * `GET projects/{id}/index-now` and `POST projects/{id}/index-now/verify`: the project's IndexNow key
 * (issue 11, action 3). Search engines take the pages of a host only once `<key>.txt` on that host
 * holds the key, so the user downloads the file, puts it on the site and asks us to check it.
 */
export const ZIndexNowKeyAttributes = z.object({
  /** IndexNow is configured on this server (INDEXNOW_ENABLED); the screens show the key only then. */
  enabled: z.boolean(),
  key: z.string(),
  /** Where the file must be: `https://<mainDomain>/<key>.txt`. */
  keyFileUrl: z.string(),
  /** When the file was last found holding the key; null until then, and again after a failed check. */
  verifiedAt: z.string().nullable(),
});
export type TIndexNowKeyAttributes = z.infer<typeof ZIndexNowKeyAttributes>;

export const ZIndexNowKeyResponse = single(resource('indexNowKeys', ZIndexNowKeyAttributes));
export type TIndexNowKeyResponse = z.infer<typeof ZIndexNowKeyResponse>;
