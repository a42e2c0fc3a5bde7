// Evidence of a link's state changes (issue 31): both states side by side and the PDF evidence sheet,
// in the link panel (a link's changes) and on the report page (the change a report link records).
export { evidenceKeys } from './api/evidence.ts';
export { LinkEvidence } from './LinkEvidence.tsx';
export { ReportEvidence } from './ReportEvidence.tsx';
