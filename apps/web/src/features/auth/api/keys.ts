/** The auth pages' cache entries (the session's own, `me`, stays under lib/session's key). */
export const authKeys = {
  confirmEmail: (code: string, change: boolean) => ['confirm-email', code, change] as const,
};
