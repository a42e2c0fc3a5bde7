// The operator console's constants (issue 28), without zod: the console's screens read them alone.

/** How long an operator may act as a customer before the session ends by itself. */
export const IMPERSONATION_MINUTES = 30;

/** The most credits one console change may add or take (a typo guard, not a business rule). */
export const ADMIN_CREDITS_MAX = 100_000_000;
/** A price per link, in credits. */
export const ADMIN_PRICE_MAX = 1_000_000;
export const ADMIN_REASON_MAX = 500;
/** The service warning is one banner line or a short paragraph. */
export const WARNING_MAX = 1000;

/** What an audit row records: one kind per console change. */
export const AUDIT_KINDS = [
  'user.update',
  'user.credits',
  'user.price',
  'user.sessionsEnded',
  'user.confirmationSent',
  'impersonation.start',
  'impersonation.end',
  'price.update',
  'settings.update',
  'wiki.create',
  'wiki.update',
  'wiki.delete',
  'wiki.image',
  'video.create',
  'video.update',
  'video.delete',
  'video.file',
  'task.cancel',
  'referral.payoutPaid',
  'referral.payoutCancelled',
  'referral.levels',
  'referral.methods',
  'referral.minimum',
  'payment.levels',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

/** The console's task list: running (status 2) and waiting (status 0) tasks; both by default. */
export const ADMIN_TASK_STATES = ['running', 'waiting'] as const;
export type AdminTaskState = (typeof ADMIN_TASK_STATES)[number];
/** How many of a task's failed items its console page shows (the newest). */
export const ADMIN_TASK_FAILED_ITEMS = 50;
/** A worker process counts as seen when it held or finished an item within these minutes. */
export const ADMIN_WORKER_MINUTES = 10;

export const ADMIN_USER_SORT_FIELDS = ['id', 'email', 'name', 'balance', 'createdAt'] as const;

export const PERMISSION_SCOPES = ['console', 'account'] as const;
export type PermissionScope = (typeof PERMISSION_SCOPES)[number];

/**
 * What exists to be granted, written once: the console's own checks and the teams feature read it.
 * Titles are i18n keys `admin.permissions.{key}` (dots as underscores); ids are stable.
 */
export const PERMISSIONS = [
  { id: 1, key: 'console.users.read', category: 'customers', scope: 'console' },
  { id: 2, key: 'console.users.update', category: 'customers', scope: 'console' },
  { id: 3, key: 'console.users.credits', category: 'customers', scope: 'console' },
  { id: 4, key: 'console.users.impersonate', category: 'customers', scope: 'console' },
  { id: 5, key: 'console.prices.update', category: 'prices', scope: 'console' },
  { id: 6, key: 'console.settings.update', category: 'settings', scope: 'console' },
  { id: 7, key: 'console.audit.read', category: 'audit', scope: 'console' },
  { id: 8, key: 'projects.read', category: 'projects', scope: 'account' },
  { id: 9, key: 'projects.manage', category: 'projects', scope: 'account' },
  { id: 10, key: 'links.manage', category: 'links', scope: 'account' },
  { id: 11, key: 'tasks.start', category: 'tasks', scope: 'account' },
  { id: 12, key: 'reports.read', category: 'reports', scope: 'account' },
  { id: 13, key: 'balance.topUp', category: 'balance', scope: 'account' },
  { id: 14, key: 'balance.read', category: 'balance', scope: 'account' },
  { id: 15, key: 'schedules.manage', category: 'schedules', scope: 'account' },
  { id: 16, key: 'recipients.manage', category: 'reports', scope: 'account' },
  { id: 17, key: 'team.manage', category: 'team', scope: 'account' },
  { id: 18, key: 'console.tasks.manage', category: 'tasks', scope: 'console' },
  { id: 19, key: 'console.partners.manage', category: 'partners', scope: 'console' },
  { id: 20, key: 'console.wiki.manage', category: 'wiki', scope: 'console' },
] as const satisfies readonly { id: number; key: string; category: string; scope: PermissionScope }[];
export type PermissionKey = (typeof PERMISSIONS)[number]['key'];

/** The console's keys: an operator's grant (`users.console_permissions`); an empty grant holds them all. */
export type ConsolePermissionKey = Extract<(typeof PERMISSIONS)[number], { scope: 'console' }>['key'];
export const CONSOLE_PERMISSION_KEYS = PERMISSIONS.filter((p) => p.scope === 'console').map(
  (p) => p.key,
) as ConsolePermissionKey[];
