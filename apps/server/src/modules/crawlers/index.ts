// What other modules use of crawler data: the import (action 10 feeds Ahrefs API rows through it) and the routes.
export {
  type CrawlerImportParams,
  type CrawlerImportResult,
  type CrawlerRow,
  importCrawlerRows,
} from './crawlers.import.ts';
export { selectionWhere } from './crawlers.queries.ts';
export { crawlerRoutes } from './crawlers.routes.ts';
