// What other features may use of tasks (actions): the types, cache keys and the calls that start,
// watch and count them.
export { taskKeys } from './api/keys.ts';
export {
  actionsApi,
  applyTaskProgress,
  isTaskFinished,
  useCampaignOptions,
} from './api/tasks.ts';
export type { Task, TaskList, TaskProgress } from './api/types.ts';
