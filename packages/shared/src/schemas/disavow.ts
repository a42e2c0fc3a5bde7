import { z } from 'zod';
import {
  DISAVOW_ENTRY_KINDS,
  DISAVOW_LINES_MAX,
  DISAVOW_REASON_MAX,
  DISAVOW_URL_MAX,
  type DisavowEntry,
  oneLine,
  parseDisavowValue,
} from '../disavow.ts';
import { rules } from '../validation.ts';
import { resource, single } from './common.ts';
import { readLinkFilterObject } from './link-queries.ts';

// ---------------------------------------------------------------------------------------------------
// Issue 32: a project's versioned disavow list (the file's own rules are in ../disavow.ts).
// ---------------------------------------------------------------------------------------------------

/** How a chosen link becomes an entry: its donor's registrable domain, or its donor URL. */
export const DISAVOW_MODES = ['domain', 'url'] as const;
export type DisavowMode = (typeof DISAVOW_MODES)[number];
/** The `filter[...]` key, beside the links list's own, that keeps donors whose domain's spam score (Moz, 0–100) is above N. */
export const DISAVOW_SPAM_SCORE_KEY = 'filter[spamScoreAbove]';
export const SPAM_SCORE_MAX = 100;
/** Typed values and link ids a change may carry. */
const VALUES_MAX = DISAVOW_LINES_MAX;

const typedValues = () =>
  z
    .array(
      z.string({ error: 'validation.invalid' }).max(DISAVOW_URL_MAX + 100, { error: 'validation.max' }),
      {
        error: 'validation.invalid',
      },
    )
    .max(VALUES_MAX, { error: 'validation.max' })
    .transform((values, ctx) => {
      const entries: DisavowEntry[] = [];
      values.forEach((value, i) => {
        if (value.trim() === '') return;
        const parsed = parseDisavowValue(value);
        if ('problem' in parsed)
          ctx.addIssue({
            code: 'custom',
            message: `disavow.errors.${parsed.problem}`,
            path: [i],
            input: undefined,
          });
        else entries.push(parsed);
      });
      return entries;
    });

/** The links table's filters (its `filter[...]` keys, see readLinkFilterObject) and the spam-score flag. */
const ZDisavowFilter = z
  .record(z.string(), z.unknown(), { error: 'validation.invalid' })
  .transform((object, ctx) => {
    const { [DISAVOW_SPAM_SCORE_KEY]: spam, ...rest } = object;
    let spamScoreAbove: number | undefined;
    if (spam !== undefined && spam !== null && spam !== '') {
      const n =
        typeof spam === 'number'
          ? spam
          : typeof spam === 'string' && /^\d+$/.test(spam)
            ? Number(spam)
            : Number.NaN;
      if (!Number.isInteger(n) || n < 0 || n >= SPAM_SCORE_MAX)
        ctx.addIssue({
          code: 'custom',
          message: 'validation.invalid',
          path: [DISAVOW_SPAM_SCORE_KEY],
          input: undefined,
        });
      else spamScoreAbove = n;
    }
    const filters = readLinkFilterObject(rest, ctx);
    return filters ? { filters, spamScoreAbove } : z.NEVER;
  })
  .meta({
    description:
      "The links table's filters as its query string names them (`filter[quality]`, `filter[linkStatus]`, …; `filter[project]` is the path's project), plus `filter[spamScoreAbove]`: donors whose domain's spam score is above N (0–99).",
  });

/** `POST projects/{id}/disavow`: one change, which makes the next version. */
export const ZDisavowChangeRequest = z.object({
  reason: rules
    .requiredString()
    .max(DISAVOW_REASON_MAX, { error: 'validation.max' })
    .transform(oneLine)
    .describe('why: the comment line above these entries in the file'),
  mode: z
    .enum(DISAVOW_MODES, { error: 'validation.invalid' })
    .default('domain')
    .describe('how chosen links become entries: their donor domain (default) or their donor URL'),
  links: z
    .array(rules.id('validation.invalid'), { error: 'validation.invalid' })
    .max(VALUES_MAX, { error: 'validation.max' })
    .optional()
    .describe('ids of links of this project'),
  filter: ZDisavowFilter.optional(),
  add: typedValues().optional().describe('domains (`example.com`, `domain:example.com`) or http(s) URLs'),
  remove: typedValues().optional().describe('entries to drop, as they are listed'),
});
export type TDisavowChangeRequest = z.input<typeof ZDisavowChangeRequest>;
export type TDisavowChange = z.output<typeof ZDisavowChangeRequest>;

/** `projects/{id}/disavow/{version}` */
export const ZDisavowVersionParams = z.object({ id: rules.id(), version: rules.id() });

/** `…/diff?from=N`: another version of the project; none: the one before. */
export const ZDisavowDiffQuery = z.object({
  from: rules.id().optional().describe('the version compared with; default: the previous one'),
});

// Answers --------------------------------------------------------------------------------------------

export const ZDisavowEntry = z.object({
  kind: z.enum(DISAVOW_ENTRY_KINDS),
  /** A bare host for `domain`, the URL for `url`. */
  value: z.string(),
  /** The line in the file: `domain:example.com` or the URL. */
  line: z.string(),
  reason: z.string(),
  /** When the entry first entered the list (kept by later versions). */
  addedAt: z.string(),
});
export type TDisavowEntry = z.infer<typeof ZDisavowEntry>;

export const ZDisavowVersionAttributes = z.object({
  number: z.number(),
  reason: z.string(),
  actorId: z.number().nullable(),
  actorName: z.string().nullable(),
  createdAt: z.string(),
  domains: z.number(),
  urls: z.number(),
  /** Entries against the previous version. */
  added: z.number(),
  removed: z.number(),
});
export type TDisavowVersionAttributes = z.infer<typeof ZDisavowVersionAttributes>;
export const ZDisavowVersionResource = resource('disavow-versions', ZDisavowVersionAttributes);
export type TDisavowVersionResource = z.infer<typeof ZDisavowVersionResource>;

export const ZDisavowVersionListResponse = z.object({ data: z.array(ZDisavowVersionResource) });
export type TDisavowVersionListResponse = z.infer<typeof ZDisavowVersionListResponse>;
export const ZDisavowVersionResponse = single(ZDisavowVersionResource);

export const ZDisavowVersionDetailResponse = single(
  resource('disavow-versions', ZDisavowVersionAttributes.extend({ entries: z.array(ZDisavowEntry) })),
);
export type TDisavowVersionDetailResponse = z.infer<typeof ZDisavowVersionDetailResponse>;

export const ZDisavowDiffResponse = z.object({
  data: z.object({
    /** The older version (null: compared with the empty list before version 1). */
    from: z.number().nullable(),
    to: z.number(),
    added: z.array(ZDisavowEntry),
    removed: z.array(ZDisavowEntry),
  }),
});
export type TDisavowDiffResponse = z.infer<typeof ZDisavowDiffResponse>;
