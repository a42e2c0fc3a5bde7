// What the rest of the app uses of the console: the acting banner of every page. The console's pages
// (pages/admin) load the rest in chunks of their own, so a customer's download does not grow.
export { ActingBanner } from './session/ActingBanner.tsx';
