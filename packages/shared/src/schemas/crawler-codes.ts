// The crawler records' source and status codes, without zod: the link panel's crawler list needs only
// these, and a page that shows it does not download and build the schemas for them.

/** Spec point 4, "Source": 1 third-party backlink data tool, 2 search-engine console, 3 temporary. */
export const CrawlerSource = { Tool: 1, Console: 2, Temporary: 3 } as const;
export const CRAWLER_SOURCES = [1, 2, 3] as const;
export type CrawlerSourceId = (typeof CRAWLER_SOURCES)[number];

/** Spec point 4, "Domain/crawler link status": 1 New, 2 Active, 3 RIP. */
export const CRAWLER_STATUS = { New: 1, Active: 2, Rip: 3 } as const;
export const CRAWLER_STATUSES = [1, 2, 3] as const;
export type CrawlerStatusId = (typeof CRAWLER_STATUSES)[number];
