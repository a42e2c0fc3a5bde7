// What other features may use of tasks (actions): the types, cache keys and the calls that start,
// watch and count them, a campaign's own task buttons and progress, the not-enough-credits notice.
export { taskKeys } from './api/keys.ts';
export {
  actionsApi,
  applyTaskProgress,
  isTaskFinished,
  useActionPrices,
  useCampaignOptions,
  useDemoNote,
  useSelectionCost,
  useTaskTypes,
  useUnavailableReason,
} from './api/tasks.ts';
export type { Task, TaskList, TaskProgress } from './api/types.ts';
export { CampaignTaskButtons, CampaignTaskProgress } from './CampaignTasks.tsx';
export { DeadFeedsChoice, deadFeedsQuery } from './DeadFeedsChoice.tsx';
export { creditsMissing, NotEnoughCredits } from './NotEnoughCredits.tsx';
export { RenderPrice } from './RenderPrice.tsx';
