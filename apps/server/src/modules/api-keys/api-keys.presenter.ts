import type { ApiKeyScope, TApiKeyResource } from '@linkwatch/shared';
import { iso, resource } from '../../http/present.ts';
import type { ApiKey } from './api-keys.queries.ts';

export function presentApiKey(key: ApiKey): TApiKeyResource {
  return resource('api-keys', key.id, {
    name: key.name,
    accountId: key.accountId ?? key.userId,
    prefix: key.prefix,
    scopes: key.scopes as ApiKeyScope[],
    expiresAt: iso(key.expiresAt),
    lastUsedAt: iso(key.lastUsedAt),
    createdAt: iso(key.createdAt),
  });
}
