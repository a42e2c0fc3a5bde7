// The drizzle schema: one file per area, every table named here for drizzle-kit and the typed client.

export { actionItems, actionPrices, actions, indexRequests, schedules, userActionPrices } from './actions.ts';
export { adminAudit } from './admin.ts';
export { alertChannels, alertMessages, alertRules, alertSettings } from './alerts.ts';
export { balanceTransactions } from './balance.ts';
export { linkCounters } from './counters.ts';
export { crawlerImports, crawlerItemEvents, crawlerItems, crawlerLinks } from './crawlers.ts';
export { disavowEntries, disavowVersions } from './disavow.ts';
export { domains } from './domains.ts';
export type { EvidenceBacklink, EvidenceChange, EvidenceState, ShotMissing } from './evidence.ts';
export { evidenceShots, linkEvidence } from './evidence.ts';
export { apiKeys, webhookDeliveries, webhookEndpoints } from './integrations.ts';
export { paymentEvents, paymentLevels, payments } from './payments.ts';
export {
  backlinkCheckHistories,
  backlinks,
  campaigns,
  categories,
  indexHistories,
  links,
  linkUploads,
  projects,
} from './projects.ts';
export {
  referralLedger,
  referralLevels,
  referralLinks,
  referralPaymentMethods,
  referralPayouts,
  referralUsers,
  referralVisits,
} from './referral.ts';
export { mailings, notifications, reportChanges, reportLinks } from './reports.ts';
export { pageLogs, providerHealth, publicCheckCounts, settings } from './site.ts';
export { accountMembers, teamInvitations } from './team.ts';
export { accessTokens, emailTokens, knownDevices, loginThrottles, users } from './users.ts';
export {
  wikiArticles,
  wikiImages,
  wikiMails,
  wikiReads,
  wikiSeeds,
  wikiVideoFiles,
  wikiVideos,
} from './wiki.ts';
