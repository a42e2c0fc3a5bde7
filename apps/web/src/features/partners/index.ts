// The partner programme's pages (issue 29) compose these; nothing else of the feature is public.

export { PartnerGate } from './JoinProgramme.tsx';
export { LinksPanel } from './LinksPanel.tsx';
export { PartnerLanding } from './PartnerLanding.tsx';
export { PartnerSummary } from './PartnerSummary.tsx';
export { Payouts } from './Payouts.tsx';
export { ReferredUsers } from './ReferredUsers.tsx';
