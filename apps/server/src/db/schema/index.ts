// The drizzle schema: one file per area, gathered here for drizzle-kit and the typed client.
export * from './actions.ts';
export * from './balance.ts';
export * from './projects.ts';
export * from './reports.ts';
export * from './site.ts';
export * from './users.ts';
