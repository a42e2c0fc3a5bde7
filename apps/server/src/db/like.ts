/** A user's text as a literal inside a LIKE / ILIKE pattern: `%`, `_` and `\` match only themselves. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
