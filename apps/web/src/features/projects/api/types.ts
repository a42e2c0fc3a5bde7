import type { TCampaignAttributes, TProjectAttributes } from '@linkwatch/shared';
import type { Resource } from '@/api/types.ts';

export type Project = Resource<'projects', TProjectAttributes>;
export type Campaign = Resource<'campaigns', TCampaignAttributes>;

export type ProjectOption = { id: string | number; name: string; category?: string | null };
