// The check form's rules, imported when the form is first used: the shared zod schema stays the one
// definition of a valid check, and zod stays out of the page's first download.
export { ZDomainCheckRequest } from '@linkwatch/shared';
