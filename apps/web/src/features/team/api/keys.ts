/** The team's cache entries (issue 27): every call's key comes from here. */
export const teamKeys = {
  all: ['team'] as const,
  members: ['team', 'members'] as const,
  invitations: ['team', 'invitations'] as const,
  /** Titles come in the caller's language: one entry per locale. */
  permissions: (locale: string) => ['team', 'permissions', locale] as const,
};
