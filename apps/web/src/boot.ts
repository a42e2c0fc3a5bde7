import { sendFirstReads } from './app/firstReads.ts';

// The page's first script, apart from the app's (main.tsx) and a few kilobytes small: a signed-in cold load's
// first reads go out as soon as it has run, while the app's code is still arriving.
sendFirstReads(window.location);
