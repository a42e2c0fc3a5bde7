import {
  API_KEY_TOKEN_PREFIX,
  API_KEYS_MAX,
  type ApiKeyScope,
  type TCreateApiKeyRequest,
} from '@linkwatch/shared';
import type { AppContext } from '../../context.ts';
import { AppError, FieldError, notFound, TooManyAttemptsError } from '../../errors.ts';
import { hashSecret, newSecret } from '../auth/tokens.ts';
import {
  countApiKeys,
  insertApiKey,
  listApiKeys,
  lockOwner,
  revokeApiKey,
  useApiKey,
} from './api-keys.queries.ts';

export function apiKeysOf(ctx: Pick<AppContext, 'db'>, userId: number) {
  return listApiKeys(ctx.db, userId);
}

/**
 * A new key, working in the account its maker is working in (`accountId`: their own, or a team's
 * they are a member of); its token is answered this once and only its hash is kept.
 */
export async function createApiKey(
  ctx: Pick<AppContext, 'db'>,
  params: { userId: number; accountId: number; body: TCreateApiKeyRequest },
) {
  const expiresAt = params.body.expiresAt ? new Date(params.body.expiresAt) : null;
  if (expiresAt && expiresAt.getTime() <= Date.now())
    throw new FieldError({ expiresAt: 'apiKeys.errors.expiresInPast' });
  const token = `${API_KEY_TOKEN_PREFIX}${newSecret()}`;
  const key = await ctx.db.transaction(async (tx) => {
    await lockOwner(tx, params.userId);
    if ((await countApiKeys(tx, params.userId)) >= API_KEYS_MAX)
      throw new FieldError({ name: { key: 'apiKeys.errors.tooMany', params: { max: API_KEYS_MAX } } });
    return insertApiKey(tx, {
      userId: params.userId,
      accountId: params.accountId === params.userId ? null : params.accountId,
      name: params.body.name,
      prefix: token.slice(0, API_KEY_TOKEN_PREFIX.length + 6),
      tokenHash: hashSecret(token),
      scopes: params.body.scopes,
      expiresAt,
    });
  });
  return { key, token };
}

/** Revokes one of the user's keys: its next request is a guest's. Another's, or one gone, is not found. */
export async function revokeKey(ctx: Pick<AppContext, 'db'>, params: { userId: number; id: number }) {
  if (!(await revokeApiKey(ctx.db, params))) throw notFound();
}

/** Calls an API key never reaches, whatever its scopes: managing keys, the password, the console. */
const SESSION_ONLY = [
  /^\/api\/user\/api-keys(\/|$)/,
  /^\/api\/user\/change-password$/,
  /^\/api\/admin(\/|$)/,
];
/** Calls that start tasks, which spend credits: the `tasks` scope. */
const TASK_STARTS = [/^\/api\/actions\/:action\/start$/];

/**
 * The scope an operation needs of a key, from its method and route: `tasks` for starting tasks,
 * `read` for GET (and HEAD), `write` for the rest; null for the calls only a signed-in session makes.
 */
export function scopeNeeded(params: { method: string; route: string | undefined }): ApiKeyScope | null {
  const route = params.route ?? '';
  if (SESSION_ONLY.some((pattern) => pattern.test(route))) return null;
  if (TASK_STARTS.some((pattern) => pattern.test(route))) return 'tasks';
  return params.method === 'GET' || params.method === 'HEAD' ? 'read' : 'write';
}

/**
 * The user a key's request acts for and the account it works in, when the token is a live key's (null for anything else: the
 * request goes on as a guest's). Past the key's limit a minute, or outside its scopes, it is refused.
 */
export async function authenticateApiKey(
  ctx: Pick<AppContext, 'db' | 'config'>,
  params: { token: string; method: string; route: string | undefined },
) {
  if (!params.token.startsWith(API_KEY_TOKEN_PREFIX)) return null;
  const used = await useApiKey(ctx.db, hashSecret(params.token));
  if (!used) return null;
  const { key, user } = used;
  if (key.windowCount > ctx.config.apiKeyRatePerMinute) {
    const windowEnds = (key.windowStartedAt?.getTime() ?? Date.now()) + 60_000;
    throw new TooManyAttemptsError(Math.max(1, Math.ceil((windowEnds - Date.now()) / 1000)));
  }
  const scope = scopeNeeded(params);
  if (scope === null) throw new AppError('forbidden', 'apiKeys.errors.sessionOnly');
  if (!key.scopes.includes(scope)) throw new AppError('forbidden', 'apiKeys.errors.scope', { scope });
  return { user, accountId: key.accountId, apiKeyId: key.id, scopes: key.scopes as ApiKeyScope[] };
}
