/** spec point 2: `/crawlers/{project}`. */
export function crawlersPath(project: string | number): string {
  return `/crawlers/${project}`;
}
