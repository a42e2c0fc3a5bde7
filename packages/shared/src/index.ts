export * from './constants.ts';
export * from './schemas/actions.ts';
export * from './schemas/anchors.ts';
export * from './schemas/auth.ts';
export {
  ZFileResponse,
  ZHealthResponse,
  ZPageMeta,
  ZRedirectResponse,
  ZTrueResponse,
} from './schemas/common.ts';
export * from './schemas/link-queries.ts';
export * from './schemas/links.ts';
export { type PageOptions, pageOf, query } from './schemas/list-query.ts';
export * from './schemas/notifications.ts';
export * from './schemas/projects.ts';
export * from './schemas/queries.ts';
export * from './schemas/reports.ts';
export * from './schemas/user.ts';
export * from './url.ts';
export * from './validation.ts';
