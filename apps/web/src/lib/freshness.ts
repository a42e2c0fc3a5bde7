/**
 * Whether a mounting hook reads the answer again: not when it came in the last few seconds (a cold
 * load's prefetch, moments before the page rendered, see app/prefetchCampaign.ts), else a page would
 * ask for everything twice. Invalidation, the socket's updates and later visits read again as before.
 */
export const refetchUnlessJustFetched = (query: { state: { dataUpdatedAt: number } }) =>
  Date.now() - query.state.dataUpdatedAt > 5_000;
