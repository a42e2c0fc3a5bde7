/** A line or row of an uploaded file that was not taken, with why. */
export interface SkippedLine {
  line: number;
  value: string;
  reason: string;
}

/**
 * The lines an upload skipped, by their number in the file: a scrolling table under a title, and how
 * many more there were past the ones the server listed.
 */
export function SkippedLines({
  lines,
  labels,
  testId,
}: {
  lines: SkippedLine[];
  labels: { title: string; line: string; value: string; reason: string; more: string | null };
  testId?: string;
}) {
  if (lines.length === 0) return null;
  return (
    <div data-testid={testId}>
      <h3 className="mb-2 text-sm font-medium text-ink">{labels.title}</h3>
      <div className="max-h-56 overflow-auto rounded-lg ring-1 ring-slate-200">
        <table className="w-full text-sm">
          <thead className="sticky top-0 bg-slate-50 text-left text-xs text-ink-subtle">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                {labels.line}
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                {labels.value}
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                {labels.reason}
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((row) => (
              <tr key={row.line} className="border-t border-slate-100">
                <td className="px-3 py-2 text-ink-subtle tabular-nums">{row.line}</td>
                <td className="max-w-48 truncate px-3 py-2 font-mono text-xs" title={row.value}>
                  {row.value}
                </td>
                <td className="px-3 py-2 text-rose-700">{row.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {labels.more ? <p className="mt-2 text-xs text-ink-subtle">{labels.more}</p> : null}
    </div>
  );
}
