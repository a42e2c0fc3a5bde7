/** The partner programme's cache entries (issue 29): one factory, so a write can refresh what it changed. */
export const partnerKeys = {
  all: ['referral'] as const,
  balance: ['referral', 'balance'] as const,
  links: (page: number) => ['referral', 'links', page] as const,
  uris: ['referral', 'uris'] as const,
  users: (page: number) => ['referral', 'users', page] as const,
  methods: ['referral', 'methods'] as const,
  payouts: (page: number) => ['referral', 'payouts', page] as const,
};
