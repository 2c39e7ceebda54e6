const tones = {
  GET: "bg-sky-100 text-sky-800",
  POST: "bg-emerald-100 text-emerald-800",
  PATCH: "bg-amber-100 text-amber-800",
  PUT: "bg-amber-100 text-amber-800",
  DELETE: "bg-rose-100 text-rose-800",
} as Record<string, string>;

export function MethodBadge({ method, small }: { method: string; small?: boolean }) {
  return (
    <span className={`inline-block shrink-0 rounded font-mono font-semibold ${small ? "w-10 px-1 text-center text-[10px]" : "px-1.5 py-0.5 text-xs"} ${tones[method] ?? "bg-slate-100"}`}>
      {method}
    </span>
  );
}
