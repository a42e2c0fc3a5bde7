export { wikiKeys } from './api/wiki.ts';
