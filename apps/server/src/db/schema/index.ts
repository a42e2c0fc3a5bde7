// The drizzle schema: one file per area, gathered here for drizzle-kit and the typed client.
export * from './balance.ts';
export * from './site.ts';
export * from './users.ts';
