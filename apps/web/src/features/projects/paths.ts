import { Tier } from '@linkwatch/shared';

/** spec point 2: each project opens its page for tier 1 with the active-links type. */
export function projectPath(id: string | number): string {
  return `/project/active/${Tier.One}/${id}`;
}
