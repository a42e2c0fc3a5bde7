import { z } from 'zod';
import { PERMISSIONS_PAGE_SIZE } from '../constants.ts';
import { rules } from '../validation.ts';
import {
  ADMIN_CREDITS_MAX,
  ADMIN_PRICE_MAX,
  ADMIN_REASON_MAX,
  ADMIN_TASK_STATES,
  ADMIN_USER_SORT_FIELDS,
  AUDIT_KINDS,
  CONSOLE_PERMISSION_KEYS,
  PERMISSION_SCOPES,
  WARNING_MAX,
} from './admin-constants.ts';
import { listOf, resource, single } from './common.ts';
import { pageOf, query } from './list-query.ts';

// ---------------------------------------------------------------------------------------------------
// The operator console (issue 28): the calls under /api/admin/ and `GET permissions`.
// ---------------------------------------------------------------------------------------------------

const reason = rules.optionalString(ADMIN_REASON_MAX);

// Customers ------------------------------------------------------------------------------------------

/** `GET admin/users`: `filter[query]` matches an e-mail, a name, an id or a referral. */
export const ZAdminUserListQuery = z
  .object({
    ...query.page(),
    'filter[query]': query.trimmed().describe('part of an e-mail, a name or a referral, or an id'),
    sort: query.sort(ADMIN_USER_SORT_FIELDS, '-id').describe('id, email, name, balance, createdAt; -desc'),
  })
  .transform((q) => ({ page: pageOf(q), search: q['filter[query]'], sort: q.sort }));
export type TAdminUserListQuery = z.output<typeof ZAdminUserListQuery>;

export const ZAdminUserAttributes = z.object({
  email: z.string(),
  name: z.string(),
  isBlocked: z.boolean(),
  isPartner: z.boolean(),
  isAdmin: z.boolean(),
  roleId: z.number(),
  /** An operator's console keys; empty: the whole console (an operator) or none (a customer). */
  consolePermissions: z.array(z.string()),
  balance: z.number(),
  referral: z.string().nullable(),
  locale: z.string(),
  emailConfirmed: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type TAdminUserAttributes = z.infer<typeof ZAdminUserAttributes>;

export const ZAdminUserListResponse = listOf(resource('adminUsers', ZAdminUserAttributes));
export type TAdminUserListResponse = z.infer<typeof ZAdminUserListResponse>;

const ZAdminLedgerRow = z.object({
  id: z.number(),
  value: z.number(),
  balance: z.number(),
  typeId: z.number(),
  description: z.string().nullable(),
  createdAt: z.string(),
});
const ZAdminPaymentRow = z.object({
  id: z.number(),
  provider: z.string(),
  amount: z.number(),
  statusId: z.number(),
  createdAt: z.string(),
});
const ZAdminTaskRow = z.object({
  id: z.number(),
  actionId: z.number(),
  statusId: z.number(),
  totalCount: z.number(),
  currentCount: z.number(),
  price: z.number(),
  cost: z.number(),
  createdAt: z.string(),
});
const ZAdminLoginRow = z.object({ createdAt: z.string(), lastUsedAt: z.string().nullable() });
const ZAdminUserPrice = z.object({ action: z.number(), price: z.number(), customPrice: z.boolean() });

/** `GET admin/users/{id}`: the customer's page. */
export const ZAdminUserDetailAttributes = ZAdminUserAttributes.extend({
  projectsCount: z.number(),
  prices: z.array(ZAdminUserPrice),
  ledger: z.array(ZAdminLedgerRow),
  payments: z.array(ZAdminPaymentRow),
  tasks: z.array(ZAdminTaskRow),
  logins: z.array(ZAdminLoginRow),
});
export type TAdminUserDetailAttributes = z.infer<typeof ZAdminUserDetailAttributes>;
export const ZAdminUserResponse = single(resource('adminUsers', ZAdminUserDetailAttributes));
export type TAdminUserResponse = z.infer<typeof ZAdminUserResponse>;

/** `PUT admin/users/{id}`: the flags; at least one. */
export const ZAdminUpdateUserRequest = z
  .object({
    isBlocked: z.boolean({ error: 'validation.invalid' }).optional(),
    isPartner: z.boolean({ error: 'validation.invalid' }).optional(),
    isAdmin: z.boolean({ error: 'validation.invalid' }).optional(),
    roleId: z
      .number({ error: 'validation.numeric' })
      .int({ error: 'validation.numeric' })
      .min(1)
      .max(1000)
      .optional(),
    /** The operator's console keys; [] gives the whole console. Only an operator with the whole console. */
    consolePermissions: z
      .array(z.enum(CONSOLE_PERMISSION_KEYS as [string, ...string[]], { error: 'validation.invalid' }), {
        error: 'validation.invalid',
      })
      .max(CONSOLE_PERMISSION_KEYS.length, { error: 'validation.invalid' })
      .optional(),
    reason,
  })
  .refine(
    (b) => [b.isBlocked, b.isPartner, b.isAdmin, b.roleId, b.consolePermissions].some((v) => v !== undefined),
    { error: 'validation.required' },
  );
export type TAdminUpdateUserRequest = z.infer<typeof ZAdminUpdateUserRequest>;

/** `GET admin/me`: the console keys the signed-in operator holds (all of them for the whole console). */
export const ZAdminOperatorAttributes = z.object({
  wholeConsole: z.boolean(),
  permissions: z.array(z.string()),
});
export type TAdminOperatorAttributes = z.infer<typeof ZAdminOperatorAttributes>;
export const ZAdminOperatorResponse = single(resource('adminOperators', ZAdminOperatorAttributes));
export type TAdminOperatorResponse = z.infer<typeof ZAdminOperatorResponse>;

/** `POST admin/users/{id}/credits`: a whole number of credits, negative to take; the reason is required. */
export const ZAdminCreditsRequest = z.object({
  amount: z
    .number({ error: 'validation.numeric' })
    .int({ error: 'validation.numeric' })
    .min(-ADMIN_CREDITS_MAX, { error: 'validation.min_value' })
    .max(ADMIN_CREDITS_MAX, { error: 'validation.max_value' })
    .refine((v) => v !== 0, { error: 'validation.invalid' }),
  reason: rules.requiredString().max(ADMIN_REASON_MAX, { error: 'validation.max' }),
});
export type TAdminCreditsRequest = z.infer<typeof ZAdminCreditsRequest>;

export const ZAdminCreditsResponse = z.object({ data: z.object({ balance: z.number() }) });

/** Bodies of the calls that only need the operator's reason (optional). */
export const ZAdminReasonRequest = z.object({ reason });
export type TAdminReasonRequest = z.infer<typeof ZAdminReasonRequest>;

/** `POST admin/users/{id}/impersonate`: a bearer token that acts as the customer until `expiresAt`. */
export const ZImpersonationResponse = single(
  resource(
    'impersonations',
    z.object({ accessToken: z.string(), expiresAt: z.string(), userId: z.number(), email: z.string() }),
  ),
);
export type TImpersonationResponse = z.infer<typeof ZImpersonationResponse>;

// Prices ---------------------------------------------------------------------------------------------

const price = z
  .number({ error: 'validation.numeric' })
  .int({ error: 'validation.numeric' })
  .min(0, { error: 'validation.min_value' })
  .max(ADMIN_PRICE_MAX, { error: 'validation.max_value' });

export const ZAdminPriceParams = z.object({ action: rules.id() });
export const ZAdminUserPriceParams = z.object({ id: rules.id(), action: rules.id() });

/** `PUT admin/prices/{action}`. */
export const ZAdminPriceRequest = z.object({ price, reason });
export type TAdminPriceRequest = z.infer<typeof ZAdminPriceRequest>;
/** `PUT admin/users/{id}/prices/{action}`: null goes back to the common price. */
export const ZAdminUserPriceRequest = z.object({ price: price.nullable(), reason });
export type TAdminUserPriceRequest = z.infer<typeof ZAdminUserPriceRequest>;

export const ZAdminPriceAttributes = z.object({
  action: z.number(),
  price: z.number(),
  defaultPrice: z.number(),
  /** Who pays an individual price for this action, and what. */
  individual: z.array(z.object({ userId: z.number(), email: z.string(), price: z.number() })),
});
export type TAdminPriceAttributes = z.infer<typeof ZAdminPriceAttributes>;
export const ZAdminPriceListResponse = z.object({
  data: z.array(resource('adminPrices', ZAdminPriceAttributes)),
});
export type TAdminPriceListResponse = z.infer<typeof ZAdminPriceListResponse>;

// Settings -------------------------------------------------------------------------------------------

const url = rules.optionalString(2048);

/**
 * `PUT admin/settings`: the spec's Settings fields the operator owns (the card provider and its
 * public key follow the server's configuration). A field left out keeps its value; null clears it.
 */
export const ZAdminSettingsRequest = z.object({
  warning: rules.optionalString(WARNING_MAX),
  referralDomain: rules.optionalString(255),
  linkserviceUrl: url,
  partnerLandingUrl: url,
  backlinksUrl: url,
  enablePayPal: z.boolean({ error: 'validation.invalid' }).optional(),
  enableCrypto: z.boolean({ error: 'validation.invalid' }).optional(),
  /** Off: no captcha is asked for, even when the server has one configured. */
  captchaEnabled: z.boolean({ error: 'validation.invalid' }).optional(),
  reason,
});
export type TAdminSettingsRequest = z.infer<typeof ZAdminSettingsRequest>;

// Bonus tiers ----------------------------------------------------------------------------------------

/** How many bonus tiers (payment levels) there may be. */
export const PAYMENT_LEVELS_MAX = 20;

const dollars = z
  .number({ error: 'validation.numeric' })
  .min(0, { error: 'validation.min_value' })
  .max(1_000_000, { error: 'validation.max_value' })
  .refine((n) => Number.isInteger(Math.round(n * 100)) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, {
    error: 'validation.numeric',
  });

/**
 * `PUT admin/payment-levels`: every bonus tier at once, in US dollars like `GET payments/levels`
 * (min and max included; max null: no upper bound). Tiers must not overlap; an empty list means no
 * bonus. A broken tier answers 422 with the field named `levels.{index}.{min|max|percent}`.
 */
export const ZAdminPaymentLevelsRequest = z.object({
  levels: z
    .array(
      z.object({
        min: dollars,
        max: dollars.nullable(),
        percent: z
          .number({ error: 'validation.numeric' })
          .int({ error: 'validation.numeric' })
          .min(0, { error: 'validation.min_value' })
          .max(100, { error: 'validation.max_value' }),
      }),
    )
    .max(PAYMENT_LEVELS_MAX, { error: 'validation.max' }),
  reason,
});
export type TAdminPaymentLevelsRequest = z.infer<typeof ZAdminPaymentLevelsRequest>;

// Audit ----------------------------------------------------------------------------------------------

export const ZAdminAuditListQuery = z
  .object({
    ...query.page(),
    'filter[actor]': query.id().describe('the operator’s user id'),
    'filter[user]': query.id().describe('the customer’s user id'),
    'filter[kind]': query.oneOf(AUDIT_KINDS).describe(AUDIT_KINDS.join(', ')),
    'filter[dateFrom]': query.day().describe('first day, YYYY-MM-DD (UTC)'),
    'filter[dateTo]': query.day({ wholeDay: true }).describe('last day, YYYY-MM-DD (UTC), included'),
  })
  .transform((q) => ({
    page: pageOf(q),
    filters: {
      actorId: q['filter[actor]'],
      targetUserId: q['filter[user]'],
      kind: q['filter[kind]'],
      dateFrom: q['filter[dateFrom]'],
      dateTo: q['filter[dateTo]'],
    },
  }));
export type TAdminAuditListQuery = z.output<typeof ZAdminAuditListQuery>;

const ZAuditValues = z.record(z.string(), z.unknown()).nullable();

export const ZAdminAuditAttributes = z.object({
  kind: z.enum(AUDIT_KINDS),
  actorId: z.number(),
  actorEmail: z.string().nullable(),
  targetUserId: z.number().nullable(),
  targetEmail: z.string().nullable(),
  /** What the change touched (an action code, a settings field …), when it is not the user alone. */
  subject: z.string().nullable(),
  before: ZAuditValues,
  after: ZAuditValues,
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type TAdminAuditAttributes = z.infer<typeof ZAdminAuditAttributes>;
export const ZAdminAuditListResponse = listOf(resource('auditRows', ZAdminAuditAttributes));
export type TAdminAuditListResponse = z.infer<typeof ZAdminAuditListResponse>;

// Tasks and workers ----------------------------------------------------------------------------------

/** `GET admin/tasks`: running and waiting tasks of all users, newest first. */
export const ZAdminTaskListQuery = z
  .object({
    ...query.page(),
    'filter[status]': query
      .oneOf(ADMIN_TASK_STATES)
      .describe(`${ADMIN_TASK_STATES.join(', ')}; both when absent`),
    'filter[user]': query.trimmed().describe('the customer’s id, or part of their e-mail'),
  })
  .transform((q) => ({ page: pageOf(q), state: q['filter[status]'], user: q['filter[user]'] }));
export type TAdminTaskListQuery = z.output<typeof ZAdminTaskListQuery>;

export const ZAdminTaskAttributes = z.object({
  userId: z.number(),
  email: z.string(),
  actionId: z.number(),
  statusId: z.number(),
  projectId: z.number().nullable(),
  totalCount: z.number(),
  currentCount: z.number(),
  successCount: z.number(),
  errorCount: z.number(),
  price: z.number(),
  cost: z.number(),
  refunded: z.number(),
  cancelRequested: z.boolean(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type TAdminTaskAttributes = z.infer<typeof ZAdminTaskAttributes>;
export const ZAdminTaskListResponse = listOf(resource('adminTasks', ZAdminTaskAttributes));
export type TAdminTaskListResponse = z.infer<typeof ZAdminTaskListResponse>;

const ZAdminFailedItem = z.object({
  id: z.number(),
  url: z.string().nullable(),
  error: z.string().nullable(),
  attempts: z.number(),
  processedAt: z.string().nullable(),
});
export type TAdminFailedItem = z.infer<typeof ZAdminFailedItem>;

/** `GET admin/tasks/{id}`: the task, its items counted by status and its newest failed items. */
export const ZAdminTaskDetailAttributes = ZAdminTaskAttributes.extend({
  items: z.object({ pending: z.number(), done: z.number(), failed: z.number(), cancelled: z.number() }),
  failedItems: z.array(ZAdminFailedItem),
});
export type TAdminTaskDetailAttributes = z.infer<typeof ZAdminTaskDetailAttributes>;
export const ZAdminTaskResponse = single(resource('adminTasks', ZAdminTaskDetailAttributes));
export type TAdminTaskResponse = z.infer<typeof ZAdminTaskResponse>;

/** `POST admin/tasks/{id}/cancel`: the reason is required. */
export const ZAdminTaskCancelRequest = z.object({
  reason: rules.requiredString().max(ADMIN_REASON_MAX, { error: 'validation.max' }),
});
export type TAdminTaskCancelRequest = z.infer<typeof ZAdminTaskCancelRequest>;

/** `GET admin/workers`: worker processes seen in the last minutes, from the items' leases. */
export const ZAdminWorkerAttributes = z.object({
  /** The process's name (`action_items.locked_by`). */
  worker: z.string(),
  /** Items whose lease it holds now. */
  held: z.number(),
  /** Items it finished in the last minutes. */
  done: z.number(),
  failed: z.number(),
  lastSeenAt: z.string().nullable(),
});
export type TAdminWorkerAttributes = z.infer<typeof ZAdminWorkerAttributes>;
export const ZAdminWorkerListResponse = z.object({
  data: z.array(
    z.object({ id: z.string(), type: z.literal('adminWorkers'), attributes: ZAdminWorkerAttributes }),
  ),
});
export type TAdminWorkerListResponse = z.infer<typeof ZAdminWorkerListResponse>;

/** The groups of outside providers in the console's health table. */
export const PROVIDER_KINDS = [
  'indexCheck',
  'indexing',
  'authority',
  'crawlers',
  'payments',
  'other',
] as const;

/**
 * `GET admin/providers`: each outside provider as the processes saw it (issue 28): the last error,
 * the 429s of the last hour, and the quota left where the provider reports it.
 */
export const ZAdminProviderAttributes = z.object({
  provider: z.string(),
  kind: z.enum(PROVIDER_KINDS),
  /** Requests seen since the processes started. */
  requests: z.number(),
  lastSeenAt: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  lastError: z.string().nullable(),
  /** The HTTP status of the last error; null when no answer came (refused, timed out). */
  lastStatus: z.number().nullable(),
  rateLimitedLastHour: z.number(),
  /** Requests or units left as the provider last reported; null where it does not say. */
  remaining: z.number().nullable(),
  remainingAt: z.string().nullable(),
});
export type TAdminProviderAttributes = z.infer<typeof ZAdminProviderAttributes>;
export const ZAdminProviderListResponse = z.object({
  data: z.array(
    z.object({ id: z.string(), type: z.literal('adminProviders'), attributes: ZAdminProviderAttributes }),
  ),
});
export type TAdminProviderListResponse = z.infer<typeof ZAdminProviderListResponse>;

// Permissions ----------------------------------------------------------------------------------------

/** `GET permissions` (spec 7: page size 1000; the scope key is `scope`). */
export const ZPermissionListQuery = z
  .object({
    ...query.page({ maxSize: PERMISSIONS_PAGE_SIZE }, `1 to ${PERMISSIONS_PAGE_SIZE}`),
    'filter[scope]': query.oneOf(PERMISSION_SCOPES).describe(PERMISSION_SCOPES.join(', ')),
  })
  .transform((q) => ({ page: pageOf(q), scope: q['filter[scope]'] }));

export const ZPermissionAttributes = z.object({
  key: z.string(),
  title: z.string(),
  category: z.string(),
  scope: z.enum(PERMISSION_SCOPES),
});
export type TPermissionAttributes = z.infer<typeof ZPermissionAttributes>;
export const ZPermissionListResponse = listOf(resource('permissions', ZPermissionAttributes));
export type TPermissionListResponse = z.infer<typeof ZPermissionListResponse>;
