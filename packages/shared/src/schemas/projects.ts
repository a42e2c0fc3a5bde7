import { z } from 'zod';
import { RENDER_MODES, TIERS, WEEKDAYS } from '../constants.ts';
import { rules } from '../validation.ts';
import { listOf, ref, resource, single } from './common.ts';
import { SCHEDULE_TIME_PATTERN } from './reports.ts';

const domainList = z
  .array(rules.websiteAddressWithoutDomain(), { error: 'validation.required' })
  .min(1, { error: 'validation.required' });

/**
 * The main domain builds the IndexNow key-file URL (`https://<mainDomain>/<key>.txt`) and the crawler
 * pull target, so it is held to the domains' rule (no port, user, query, IP literal or protocol).
 * Empty means "the first domain", as the slide-over may send it.
 */
const mainDomain = rules
  .websiteAddressWithoutDomain()
  .max(255, { error: 'validation.max' })
  .or(z.literal(''))
  .optional();

const tier = z.coerce
  .number({ error: 'validation.required' })
  .refine((v) => (TIERS as readonly number[]).includes(v), { error: 'validation.invalid' });

/**
 * `POST projects/`: the project and its first tier 1 campaign. The project name may come as `name` or as
 * `projectName` (the slide-over's field); its error is reported under the key that was sent.
 */
export const ZCreateProjectRequest = z
  .object({
    domains: domainList,
    name: rules.text().trim().max(255, { error: 'validation.max' }).optional(),
    projectName: rules.text().trim().max(255, { error: 'validation.max' }).optional(),
    mainDomain,
    isFavorite: z.boolean().optional(),
    campaignName: rules.requiredString().max(255, { error: 'validation.max' }),
    /** An existing category of the user's (id), or null / left out for none. */
    category: rules.id('validation.invalid').nullish(),
    /** A new category to create and put the project in; wins over `category`. */
    categoryName: rules.optionalString(),
  })
  .superRefine(
    (v, ctx) => {
      if (!(v.name || v.projectName)) {
        const path = [v.projectName !== undefined ? 'projectName' : 'name'];
        ctx.addIssue({ code: 'custom', message: 'validation.required', path });
      }
    },
    // Report a missing name together with the other fields' errors, not only once they are fixed.
    { when: () => true },
  );
export type TCreateProjectRequest = z.infer<typeof ZCreateProjectRequest>;

export const ZUpdateProjectRequest = z.object({
  domains: domainList.optional(),
  name: rules.requiredString().max(255, { error: 'validation.max' }).optional(),
  mainDomain,
  isFavorite: z.boolean().optional(),
  /** Moves the project into one of the user's categories; null takes it out of its category. */
  category: rules.id('validation.invalid').nullish(),
  /** When backlink checks render donor pages in the browser (see RENDER_MODES). */
  renderMode: z.enum(RENDER_MODES, { error: 'validation.invalid' }).optional(),
});
export type TUpdateProjectRequest = z.infer<typeof ZUpdateProjectRequest>;

export const ZCreateCampaignRequest = z.object({
  project: rules.id('validation.required'),
  name: rules.requiredString().max(255, { error: 'validation.max' }),
  tier: tier.default(1),
});
export type TCreateCampaignRequest = z.infer<typeof ZCreateCampaignRequest>;

/**
 * The campaign settings' weekday checkboxes (ISO 1 Monday to 7 Sunday): at least one ticked
 * (spec point 5, requiredOneOfTheCheckboxGroup), each once.
 */
export const weekdayGroup = z
  .array(z.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }), {
    error: 'validation.requiredOneOfTheCheckboxGroup',
  })
  .refine((days) => days.length > 0, { error: 'validation.requiredOneOfTheCheckboxGroup' })
  .refine((days) => days.every((d) => (WEEKDAYS as readonly number[]).includes(d)), {
    error: 'validation.invalid',
  })
  .transform((days) => [...new Set(days)].sort((a, b) => a - b));

/** `HH:MM` (UTC), the campaign settings' hour and minute selects. */
export const scheduleTime = rules
  .text('validation.required')
  .regex(SCHEDULE_TIME_PATTERN, { error: 'validation.invalid' });

/** `PUT campaigns/{id}` (company settings): the name, and when its scheduled checks run; left out keeps. */
export const ZUpdateCampaignRequest = z.object({
  name: rules.requiredString().max(255, { error: 'validation.max' }).optional(),
  weekdays: weekdayGroup.optional(),
  time: scheduleTime.optional(),
});
export type TUpdateCampaignRequest = z.infer<typeof ZUpdateCampaignRequest>;

// ---------------------------------------------------------------------------------------------------
// Responses (the web infers its types from these; keys in the order the server sends them)
// ---------------------------------------------------------------------------------------------------

export const ZProjectStatistic = z.object({
  companies: z.number(),
  tierOne: z.number(),
  tierTwo: z.number(),
  indexed: z.number(),
  goodCode: z.number(),
  badCode: z.number(),
  total: z.number(),
});
export type TProjectStatistic = z.infer<typeof ZProjectStatistic>;

/** `GET projects/statistic`: the totals over every project (id 0). */
export const ZProjectStatisticResponse = single(resource('projectStatistics', ZProjectStatistic));

export const ZProjectAttributes = z.object({
  name: z.string(),
  mainDomain: z.string(),
  domains: z.array(z.string()),
  isFavorite: z.boolean(),
  /** The project's category, or null when uncategorised. */
  categoryId: z.number().nullable(),
  categoryName: z.string().nullable(),
  renderMode: z.enum(RENDER_MODES),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Sent by the list and `GET projects/{id}`, not by create and update. */
  statistic: ZProjectStatistic.optional(),
});
export type TProjectAttributes = z.infer<typeof ZProjectAttributes>;

export const ZProjectResource = resource('projects', ZProjectAttributes).extend({
  relationships: z.object({ statistic: z.object({ data: ref('projectStatistics') }) }).optional(),
});
export type TProjectResource = z.infer<typeof ZProjectResource>;

export const ZCampaignAttributes = z.object({
  name: z.string(),
  tier: z.number(),
  history: z.boolean(),
  disallow: z.boolean(),
  isSystem: z.boolean(),
  projectId: z.number(),
  /** When its scheduled checks run: ISO weekdays (1 Monday) and `HH:MM` UTC. */
  weekdays: z.array(z.number()),
  time: z.string(),
  /** Sent by the list, `GET campaigns/{id}` and create. */
  projectName: z.string().optional(),
  /** Sent by the list only. */
  linksCount: z.number().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TCampaignAttributes = z.infer<typeof ZCampaignAttributes>;

export const ZCampaignResource = resource('campaigns', ZCampaignAttributes).extend({
  relationships: z.object({ project: z.object({ data: ref('projects') }) }),
});
export type TCampaignResource = z.infer<typeof ZCampaignResource>;

export const ZProjectResponse = single(ZProjectResource);
export type TProjectResponse = z.infer<typeof ZProjectResponse>;
export const ZProjectListResponse = listOf(ZProjectResource);
export type TProjectListResponse = z.infer<typeof ZProjectListResponse>;
/** `POST projects/`: the project, and its first campaign in `included`. */
export const ZCreateProjectResponse = ZProjectResponse.extend({ included: z.array(ZCampaignResource) });
export type TCreateProjectResponse = z.infer<typeof ZCreateProjectResponse>;

export const ZCampaignResponse = single(ZCampaignResource);
export type TCampaignResponse = z.infer<typeof ZCampaignResponse>;
export const ZCampaignListResponse = listOf(ZCampaignResource);
export type TCampaignListResponse = z.infer<typeof ZCampaignListResponse>;

// ---------------------------------------------------------------------------------------------------
// Categories (spec point 2, category modals): named groups of projects
// ---------------------------------------------------------------------------------------------------

export const ZCreateCategoryRequest = z.object({
  name: rules.requiredString().max(255, { error: 'validation.max' }),
});
export type TCreateCategoryRequest = z.infer<typeof ZCreateCategoryRequest>;
export const ZUpdateCategoryRequest = ZCreateCategoryRequest;
export type TUpdateCategoryRequest = TCreateCategoryRequest;

export const ZCategoryAttributes = z.object({
  name: z.string(),
  /** How many of the user's projects are in it. */
  projectsCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const ZCategoryResource = resource('categories', ZCategoryAttributes);
export type TCategoryResource = z.infer<typeof ZCategoryResource>;
export const ZCategoryResponse = single(ZCategoryResource);
export const ZCategoryListResponse = listOf(ZCategoryResource);
