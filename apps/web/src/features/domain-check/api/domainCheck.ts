import type { TDomainCheckAttributes, TDomainCheckResponse, ZDomainCheckRequest } from '@linkwatch/shared';
import type { z } from 'zod';
import { api } from '@/api/client.ts';

type Payload = z.output<typeof ZDomainCheckRequest>;

/** `POST domain-check` (no login): one page read by the product's checker. */
export function checkDomain(payload: Payload): Promise<TDomainCheckAttributes> {
  return api.post<TDomainCheckResponse>('domain-check', payload).then((r) => r.data.attributes);
}
