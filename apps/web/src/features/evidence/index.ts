// Evidence of a link's state changes (issue 31): both states side by side and the PDF evidence sheet.
export { evidenceKeys } from './api/evidence.ts';
export { LinkEvidence } from './LinkEvidence.tsx';
