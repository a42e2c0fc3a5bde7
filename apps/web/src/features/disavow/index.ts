// The disavow feature (issue 32): the links table's dialog and a project's versioned disavow list.

export type { DisavowSelection } from './AddToDisavowDialog.tsx';
export { AddToDisavowDialog } from './addToDisavowLazy.tsx';
export { disavowKeys } from './api/disavow.ts';
export { DisavowList } from './DisavowList.tsx';
export { disavowPath } from './paths.ts';
