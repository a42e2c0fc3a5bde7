// What other features may use of reports: the new-report badge and the recipients section of the profile.
export { reportKeys } from './api/keys.ts';
export { useNewReportCount } from './api/reports.ts';
export { RecipientsSection } from './RecipientsSection.tsx';
