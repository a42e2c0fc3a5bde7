import { ActionCode } from '@linkwatch/shared';

/**
 * The words of a task's two counts: for a link upload (action 5) they are the links added and the
 * invalid lines, for an indexing request the pages sent, for a load to crawlers the pulls imported (it
 * works on one pull, not on links), for any other task the links checked and
 * those that failed.
 */
export function resultKeys(actionId: number) {
  if (actionId === ActionCode.LoadLinks)
    return { done: 'tasksUi.results.added', failed: 'tasksUi.results.invalid' } as const;
  if (actionId === ActionCode.LoadToCrawlers)
    return { done: 'tasksUi.results.pulled', failed: 'tasksUi.results.errors' } as const;
  if (actionId === ActionCode.AddToIndex)
    return { done: 'tasksUi.results.sent', failed: 'tasksUi.results.errors' } as const;
  return { done: 'tasksUi.results.success', failed: 'tasksUi.results.errors' } as const;
}
