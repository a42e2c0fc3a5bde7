import { iso } from '../../http/present.ts';
import type { Mailing } from './mailings.queries.ts';

export function presentMailing(mailing: Mailing) {
  return {
    id: mailing.id,
    type: 'mailings' as const,
    attributes: {
      email: mailing.email,
      actions: mailing.actions,
      report: mailing.report,
      wiki: mailing.wiki,
      createdAt: iso(mailing.createdAt)!,
    },
  };
}
