// The login form's rules, imported when the form is first used: the shared zod schema stays the one
// definition of a valid login, and zod stays out of the login page's first download.
export { ZLoginRequest } from '@linkwatch/shared';
