export * from './constants.ts';
export * from './schemas/auth.ts';
export * from './schemas/links.ts';
export * from './schemas/projects.ts';
export * from './schemas/reports.ts';
export * from './schemas/user.ts';
export * from './url.ts';
export * from './validation.ts';
