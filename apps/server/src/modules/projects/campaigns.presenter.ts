import { iso, resource } from '../../http/present.ts';
import type { Campaign } from './campaigns.queries.ts';

export function presentCampaign(
  campaign: Campaign,
  extra: { projectName?: string; linksCount?: number } = {},
) {
  return resource(
    'campaigns',
    campaign.id,
    {
      name: campaign.name,
      tier: campaign.tier,
      history: campaign.history,
      disallow: campaign.disallow,
      isSystem: campaign.isSystem,
      projectId: campaign.projectId,
      weekdays: campaign.weekdays,
      time: campaign.time,
      ...extra,
      createdAt: iso(campaign.createdAt),
      updatedAt: iso(campaign.updatedAt),
    },
    { project: { data: { id: campaign.projectId, type: 'projects' } } },
  );
}
