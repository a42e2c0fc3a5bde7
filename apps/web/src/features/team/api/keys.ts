/** The team's cache entries (issue 27): every call's key comes from here. */
export const teamKeys = {
  all: ['team'] as const,
  members: ['team', 'members'] as const,
  invitations: ['team', 'invitations'] as const,
};
