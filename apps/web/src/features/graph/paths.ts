/** A project's link graph: `/graph/{project}`. */
export function graphPath(project: string | number): string {
  return `/graph/${project}`;
}
