import { z } from 'zod';
import { resource } from './common.ts';

export const ZNotificationResource = resource(
  'notifications',
  z.object({
    /** The text, or an i18n key that `props` fill in. */
    message: z.string(),
    props: z.array(z.unknown()),
    /** info, success, warning or error */
    type: z.string(),
    createdAt: z.string(),
  }),
);
export type TNotificationResource = z.infer<typeof ZNotificationResource>;

/** `GET notifications`: every notification of the user, unpaged. */
export const ZNotificationListResponse = z.object({ data: z.array(ZNotificationResource) });
