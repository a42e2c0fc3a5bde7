/** User agents whose robots rules bind the indexing verdict: ours, and the search engine users care about. */
export const OUR_AGENT = 'LinkwatchBot';
export const GOOGLE_AGENT = 'Googlebot';
const BINDING_AGENT_NAMES = new Set([OUR_AGENT.toLowerCase(), GOOGLE_AGENT.toLowerCase()]);

// Directives that carry a value after a colon; any other "word:" prefix names a user agent.
const VALUED_DIRECTIVES = new Set([
  'max-snippet',
  'max-image-preview',
  'max-video-preview',
  'unavailable_after',
]);

export interface RobotsDirectives {
  noindex: boolean;
  nofollow: boolean;
}

/** `<meta name="robots" content="noindex, nofollow">`: a comma-separated directive list. */
export function metaDirectives(contents: ReadonlyArray<string | null>): RobotsDirectives {
  const tokens = new Set<string>();
  for (const content of contents) {
    if (!content) continue;
    for (const part of content.split(',')) tokens.add(part.trim().toLowerCase());
  }
  return directivesFrom(tokens);
}

/**
 * X-Robots-Tag lines, such as "noindex", "googlebot: noindex, nofollow" or "otherbot: none".
 * An agent prefix applies to the directives after it on the same line; lines aimed at other
 * crawlers are ignored.
 */
export function headerDirectives(lines: readonly string[]): RobotsDirectives {
  const tokens = new Set<string>();
  for (const line of lines) {
    let appliesToUs = true;
    for (const part of line.split(',')) {
      let token = part.trim().toLowerCase();
      const colon = token.indexOf(':');
      if (colon !== -1 && !VALUED_DIRECTIVES.has(token.slice(0, colon).trim())) {
        appliesToUs = BINDING_AGENT_NAMES.has(token.slice(0, colon).trim());
        token = token.slice(colon + 1).trim();
      }
      if (appliesToUs && token !== '') tokens.add(token);
    }
  }
  return directivesFrom(tokens);
}

function directivesFrom(tokens: Set<string>): RobotsDirectives {
  const none = tokens.has('none');
  return { noindex: none || tokens.has('noindex'), nofollow: none || tokens.has('nofollow') };
}
