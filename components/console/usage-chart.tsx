// Calls per day as bars: the calls that ran (errors in red at their foot), the
// calls the per-minute limit refused (429) in amber on top; a value axis, dates
// under the bars, and each day's figures shown on hover or keyboard focus.
export const plural = (n: number, word: string) => `${n.toLocaleString("en")} ${word}${n === 1 ? "" : "s"}`;

type Day = { date: string; calls: number; errors: number; limited: number };

/** A round top for the axis: 1, 2 or 5 times a power of ten, at least the largest day. */
function axisTop(max: number): number {
  if (max <= 4) return Math.max(1, max);
  const p = 10 ** Math.floor(Math.log10(max));
  return [1, 2, 5, 10].map((m) => m * p).find((v) => v >= max)!;
}

/** A date under every third bar: three bars are wider than a label ("24 Nov") even on a phone. */
const LABEL_EVERY = 3;

const short = (date: string) => new Date(`${date}T00:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });

export function describeDay(d: Day): string {
  return `${d.date}: ${plural(d.calls, "call")}, ${plural(d.errors, "error")}${d.limited ? `, ${plural(d.limited, "refused by the limit")}` : ""}`;
}

export function UsageChart({ days }: { days: Day[] }) {
  const top = axisTop(Math.max(0, ...days.map((d) => d.calls + d.limited)));
  const empty = days.every((d) => d.calls + d.limited === 0);
  return (
    <figure>
      <figcaption className="mb-2 text-xs font-semibold tracking-wide text-slate-600 uppercase">Calls per day</figcaption>
      <div className="grid grid-cols-[auto_1fr] gap-x-2">
        <div className="flex h-32 flex-col justify-between text-right text-[11px] text-slate-500 tabular-nums" aria-hidden>
          <span>{top.toLocaleString("en")}</span>
          <span>{top % 2 === 0 ? (top / 2).toLocaleString("en") : ""}</span>
          <span>0</span>
        </div>
        <div className="relative h-32 border-b border-l border-slate-300">
          <div className="absolute inset-x-0 top-0 border-t border-dashed border-slate-200" aria-hidden />
          <div className="absolute inset-x-0 top-1/2 border-t border-dashed border-slate-200" aria-hidden />
          {empty && (
            <p className="absolute inset-0 flex items-center justify-center px-4 text-center text-sm text-slate-500">
              No calls in the last 14 days. Make one with a key pair from the Keys tab, or with Try it in the docs.
            </p>
          )}
          {/* Each day is focusable: its figures show on keyboard focus as on hover. */}
          <ol className="relative flex h-full items-end gap-1 px-1" aria-label="Calls per day">
            {days.map((d) => (
              <li key={d.date} tabIndex={0} aria-label={describeDay(d)}
                className="group relative flex h-full flex-1 flex-col justify-end rounded-sm outline-none focus-visible:ring-2 focus-visible:ring-indigo-600">
                {d.limited > 0 && <div className="bg-amber-400" style={{ height: `${(d.limited / top) * 100}%` }} />}
                <div className="flex flex-col justify-end bg-indigo-500" style={{ height: `${(d.calls / top) * 100}%` }}>
                  <div className="bg-red-500" style={{ height: d.calls ? `${(d.errors / d.calls) * 100}%` : 0 }} />
                </div>
                <div role="tooltip" className="pointer-events-none absolute bottom-full left-1/2 z-10 mb-1 hidden w-max max-w-48 -translate-x-1/2 rounded-md bg-slate-900 px-2 py-1 text-xs text-white shadow group-hover:block group-focus-visible:block">
                  <span className="font-medium">{short(d.date)}</span>: {plural(d.calls, "call")}, {plural(d.errors, "error")}
                  {d.limited > 0 && <>, {plural(d.limited, "refused")} (429)</>}
                </div>
              </li>
            ))}
          </ol>
        </div>
        <div />
        {/* Under its bar (same gap), every third day counted back from today: never two labels side by side. */}
        <div className="mt-1 flex gap-1 px-1 text-[11px] text-slate-600" aria-hidden>
          {days.map((d, i) => (
            <span key={d.date} className="flex flex-1 justify-center whitespace-nowrap">{(days.length - 1 - i) % LABEL_EVERY === 0 ? short(d.date) : ""}</span>
          ))}
        </div>
      </div>
      <p className="mt-2 text-xs text-slate-600">
        <span className="mr-1 inline-block size-2 rounded-sm bg-indigo-500" aria-hidden />calls
        <span className="mr-1 ml-3 inline-block size-2 rounded-sm bg-red-500" aria-hidden />errors (4xx and 5xx)
        <span className="mr-1 ml-3 inline-block size-2 rounded-sm bg-amber-400" aria-hidden />refused by the per-minute limit (429, not counted as calls)
      </p>
    </figure>
  );
}
