// What other features may use of the links: the workspace (table, filters, drawer, bulk actions),
// the list pages' parts, list state in the URL, exports and uploads.
export { linkKeys } from './api/keys.ts';
export { useIndexHistories, useLinkCodes, useLinkCounts } from './api/links.ts';
export { useRefreshAfterTask, useRefreshLinks } from './api/refresh.ts';
export { LinkDrawer } from './LinkDrawer.tsx';
export { LinkSummary } from './LinkSummary.tsx';
export { LinksWorkspace } from './LinksWorkspace.tsx';
export { Breadcrumbs, HeaderSkeleton, ListToolbar, LoadFailure, TypeTabs } from './ListPageParts.tsx';
export { ExportModal, UploadModal } from './lazyModals.tsx';
export { filterQuery } from './listQuery.ts';
export { useListState } from './listState.ts';
export { LIST_TYPE_CODE, listPath, parseIndexHistoryRoute, parseListRoute } from './route.ts';
