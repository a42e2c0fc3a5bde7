export * from './constants.ts';
export * from './schemas/auth.ts';
export * from './schemas/projects.ts';
export * from './url.ts';
export * from './schemas/user.ts';
export * from './validation.ts';
export * from './schemas/links.ts';
export * from './schemas/reports.ts';
