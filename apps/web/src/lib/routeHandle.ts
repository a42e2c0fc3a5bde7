/** Page title keys under `shell.pages`. */
export type PageTitle = keyof typeof import('@linkwatch/shared/i18n').resources.en.shell.pages;

/** What each route carries for the document title and the coming-soon panel. */
export type RouteHandle = { title: PageTitle };
