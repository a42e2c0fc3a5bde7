// The realtime bridge applies the server's Balance event; the page itself is loaded by the router.
export { applyBalanceEvent, applyPricesChanged } from './api/live.ts';
