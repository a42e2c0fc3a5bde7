import type { TProjectStatistic } from '@linkwatch/shared';
import type { Resource } from '@/api/types.ts';

// packages/shared has no resource schema of projects and campaigns yet; when it does, these become
// `z.infer` of it. Until then this is the one definition the app uses.
export type ProjectAttributes = {
  name: string;
  mainDomain: string;
  domains: string[];
  isFavorite: boolean;
  createdAt: string;
  statistic?: TProjectStatistic;
};
export type Project = Resource<'projects', ProjectAttributes>;

export type CampaignAttributes = {
  name: string;
  tier: number;
  history: boolean;
  disallow: boolean;
  isSystem: boolean;
  projectId: number;
  projectName?: string;
  linksCount?: number;
};
export type Campaign = Resource<'campaigns', CampaignAttributes>;

export type ProjectOption = { id: string | number; name: string };
