import { z } from 'zod';

// ---------------------------------------------------------------------------------------------------
// Issue 31, Evidence: what a link looked like before and after each state change a check saw (found,
// lost, rel/anchor/kind changed, indexability or response code changed), to show a seller.
// `GET links/{id}/evidence`; screenshots at `links/{id}/evidence/shots/{shotId}` (JPEG, auth-checked);
// the PDF sheet at `links/{id}/evidence.pdf`.
// ---------------------------------------------------------------------------------------------------

/** The state changes evidence is kept for (a report change's `changesType`). */
export const EVIDENCE_CHANGE_TYPES = [
  'found',
  'lost',
  'rel',
  'anchor',
  'kind',
  'indexingCapability',
  'responseCode',
] as const;
export type EvidenceChangeType = (typeof EVIDENCE_CHANGE_TYPES)[number];

/** Why a state has no screenshot: no browser configured, the page could not be rendered, none kept then. */
export const EVIDENCE_SHOT_MISSING = ['no_browser', 'first_check', 'failed', 'not_kept'] as const;
export type EvidenceShotMissing = (typeof EVIDENCE_SHOT_MISSING)[number];

export const ZEvidenceBacklink = z.object({
  href: z.string(),
  anchor: z.string(),
  attribute: z.string(),
  typeId: z.number().int(),
  textBefore: z.string().nullable(),
  textAfter: z.string().nullable(),
});

export const ZEvidenceShot = z.object({
  id: z.number().int(),
  takenAt: z.string(),
  /** What the box marks: the link, the place a gone link stood, or nothing (the page top). */
  marked: z.enum(['link', 'place', 'top']),
  width: z.number().int(),
  height: z.number().int(),
});

export const ZEvidenceState = z.object({
  /** When this state was seen. */
  at: z.string(),
  url: z.string(),
  finalUrl: z.string().nullable(),
  responseCode: z.number().int().nullable(),
  responseCodeGroup: z.number().int().nullable(),
  indexingCapabilityId: z.number().int().nullable(),
  headers: z.record(z.string(), z.string()).nullable(),
  backlinks: z.array(ZEvidenceBacklink),
  shot: ZEvidenceShot.nullable(),
  /** Set when `shot` is null. */
  shotMissing: z.enum(EVIDENCE_SHOT_MISSING).nullable(),
});
export type TEvidenceState = z.infer<typeof ZEvidenceState>;

export const ZEvidenceChange = z.object({
  changesType: z.enum(EVIDENCE_CHANGE_TYPES),
  old: z.string().nullable(),
  new: z.string().nullable(),
});

export const ZLinkEvidence = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  changes: z.array(ZEvidenceChange),
  /** Null when the link had not been checked before (its first check is the change). */
  before: ZEvidenceState.nullable(),
  after: ZEvidenceState,
});
export type TLinkEvidence = z.infer<typeof ZLinkEvidence>;

export const ZLinkEvidenceListResponse = z.object({
  data: z.array(ZLinkEvidence),
  meta: z.object({ retentionDays: z.number().int() }),
});
export type TLinkEvidenceListResponse = z.infer<typeof ZLinkEvidenceListResponse>;

/**
 * `GET reports/links/{id}/evidence`: the evidence of the change a report records (the same link and
 * check), and the link its screenshots and PDF sheet are read through.
 */
export const ZReportEvidenceResponse = z.object({
  data: z.array(ZLinkEvidence),
  meta: z.object({ linkId: z.number().int().nullable(), retentionDays: z.number().int() }),
});
export type TReportEvidenceResponse = z.infer<typeof ZReportEvidenceResponse>;

export const ZEvidencePdfQuery = z.object({
  /** Which change the sheet is about; the latest when absent. */
  evidence: z.coerce.number().int().positive().optional(),
});
