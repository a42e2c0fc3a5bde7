// Teams (issue 27): the account menu's switcher, which every signed-in page's frame shows. The profile's
// Users section and the join page are imported by their pages from their own files: exported here, they
// went into the frame's shared chunk with the permission picker and the team schemas (zod), which every
// signed-in page then downloaded before its first paint (issue 25 point 13).
export { AccountSwitcher } from './AccountSwitcher.tsx';
