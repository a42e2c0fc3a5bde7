import { CONSOLE_PERMISSION_KEYS, type ConsolePermissionKey } from '@linkwatch/shared';
import type { FastifyRequest } from 'fastify';
import { AppError, forbidden } from '../../errors.ts';
import { type CurrentUser, requireUser } from '../../http/auth.ts';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The console key a route under /api/admin/ needs (issue 28); `any`: every operator (their own
     * keys); left out: the whole console.
     */
    'x-console-permission'?: ConsolePermissionKey | 'any';
  }
}

/**
 * The console's permission model (issue 28): an operator (`isAdmin`) whose `consolePermissions` is empty
 * holds the whole console, so the operators made before the keys existed keep working; an operator
 * with a list holds exactly those keys, and each console route declares the key it needs.
 */
export function holdsWholeConsole(user: CurrentUser): boolean {
  return user.isAdmin && user.consolePermissions.length === 0;
}

/** The keys an operator holds, the whole list for an empty grant; none for anyone else. */
export function consoleKeys(user: CurrentUser): ConsolePermissionKey[] {
  if (!user.isAdmin) return [];
  if (user.consolePermissions.length === 0) return [...CONSOLE_PERMISSION_KEYS];
  return CONSOLE_PERMISSION_KEYS.filter((key) => user.consolePermissions.includes(key));
}

/**
 * The signed-in operator holding `key` (the route's `x-console-permission`); a route without a key
 * needs the whole console. Anyone else: 403, before the input is read.
 */
export function requireConsole(
  req: FastifyRequest,
  key: ConsolePermissionKey | 'any' | undefined,
): CurrentUser {
  const user = requireUser(req);
  if (!user.isAdmin) throw forbidden();
  if (holdsWholeConsole(user) || key === 'any') return user;
  if (key === undefined)
    throw new AppError('forbidden', 'errors.forbidden', {}, 'admin.errors.wholeConsoleOnly');
  if (!user.consolePermissions.includes(key))
    throw new AppError(
      'forbidden',
      'errors.forbidden',
      { permission: key },
      'admin.errors.consolePermissionMissing',
    );
  return user;
}

/** The hook of a console scope: the route's declared key, checked before its input. */
export async function consoleGate(req: FastifyRequest) {
  requireConsole(req, req.routeOptions.schema?.['x-console-permission']);
}
