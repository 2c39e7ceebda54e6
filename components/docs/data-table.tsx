// A simple bordered table for reference data; scrolls sideways on phones.
/** `rowIds`: an anchor per row (links and the docs search land on it). */
export function DataTable({ label, head, rows, rowIds }: { label: string; head: string[]; rows: React.ReactNode[][]; rowIds?: string[] }) {
  return (
    // Focusable, so that keyboard users can scroll it too.
    <div role="region" aria-label={label} tabIndex={0} className="my-4 overflow-x-auto rounded-lg border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-indigo-600">
      <table aria-label={label} className="min-w-full text-sm">
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="bg-slate-50 px-3 py-2 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase">{h}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i} id={rowIds?.[i] || undefined} className="scroll-mt-20 border-t border-slate-100 align-top target:bg-amber-50">
              {r.map((c, j) => (
                <td key={j} className={`${j === r.length - 1 ? "min-w-[14rem]" : ""} px-3 py-2 text-slate-700`}>{c}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
