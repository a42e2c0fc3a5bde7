import { z } from 'zod';
import { TIERS } from '../constants.ts';
import { rules } from '../validation.ts';

const domainList = z
  .array(rules.websiteAddressWithoutDomain(), { error: 'validation.required' })
  .min(1, { error: 'validation.required' });

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
    mainDomain: rules.text().trim().max(255, { error: 'validation.max' }).optional(),
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
  mainDomain: rules.text().trim().max(255, { error: 'validation.max' }).optional(),
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

export interface TProjectStatistic {
  companies: number;
  tierOne: number;
  tierTwo: number;
  indexed: number;
  goodCode: number;
  badCode: number;
  total: number;
}
