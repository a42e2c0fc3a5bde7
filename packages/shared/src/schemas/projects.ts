import { z } from 'zod';
import { TIERS } from '../constants.ts';
import { rules } from '../validation.ts';
import { listOf, ref, resource, single } from './common.ts';

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
});
export type TUpdateProjectRequest = z.infer<typeof ZUpdateProjectRequest>;

export const ZCreateCampaignRequest = z.object({
  project: rules.id('validation.required'),
  name: rules.requiredString().max(255, { error: 'validation.max' }),
  tier: tier.default(1),
});
export type TCreateCampaignRequest = z.infer<typeof ZCreateCampaignRequest>;

export const ZUpdateCampaignRequest = z.object({
  name: rules.requiredString().max(255, { error: 'validation.max' }),
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
