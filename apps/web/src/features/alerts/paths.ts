/** A project's alert settings: `/alerts/{project}` (the link alert messages carry). */
export function alertsPath(project: string | number): string {
  return `/alerts/${project}`;
}
