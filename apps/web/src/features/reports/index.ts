// What other features may use of reports: the recipients section of the profile.
export { RecipientsSection } from './RecipientsSection.tsx';
