// What other features and the app may use of projects and campaigns. The pages are loaded by the
// route table on their own (lazy chunks) and are not listed here.

export { campaignKeys, projectKeys } from './api/keys.ts';
export {
  useCampaigns,
  useDeleteCategory,
  useDropdownSearch,
  useProject,
  useProjectOptions,
  useProjectStatistic,
  useProjects,
  useToggleFavorite,
} from './api/projects.ts';
export type { Project } from './api/types.ts';
export { type CategoryGroup, groupByCategory } from './categoryGroups.ts';
export { CreateCampaignProvider, useCreateCampaign } from './createCampaign.tsx';
export { CreateCampaignSlideOver } from './lazyPanels.tsx';
export { projectPath } from './paths.ts';
export { WastedTierTwoCard } from './WastedTierTwoCard.tsx';
