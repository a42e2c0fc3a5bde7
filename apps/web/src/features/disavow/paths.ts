/** A project's disavow list: `/disavow/{project}`. */
export function disavowPath(project: string | number): string {
  return `/disavow/${project}`;
}
