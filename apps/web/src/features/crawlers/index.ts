// What other features may use of the crawler data: the page's path (project page, sidebar) and the
// link side panel's crawler section. The page itself is loaded by the route table (a lazy chunk).
export { LinkCrawlerRecords } from './LinkCrawlerRecords.tsx';
export { crawlersPath } from './paths.ts';
