import { cn } from "./cn";

export type Tone = "neutral" | "green" | "amber" | "red" | "blue" | "violet";

/** An HTTP status's colour: 2xx green, 4xx amber, 5xx (and no answer at all) red. */
export const statusTone = (status: number | null | undefined): Tone => (status == null ? "red" : status < 300 ? "green" : status < 500 ? "amber" : "red");

const tones: Record<Tone, string> = {
  neutral: "bg-slate-100 text-slate-700 ring-slate-500/20",
  green: "bg-emerald-50 text-emerald-700 ring-emerald-600/20",
  amber: "bg-amber-50 text-amber-800 ring-amber-600/25",
  red: "bg-red-50 text-red-700 ring-red-600/20",
  blue: "bg-sky-50 text-sky-700 ring-sky-600/20",
  violet: "bg-violet-50 text-violet-700 ring-violet-600/20",
};

export function Badge({ tone = "neutral", children, className, title }: { tone?: Tone; children: React.ReactNode; className?: string; title?: string }) {
  return (
    <span title={title} className={cn("inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset", tones[tone], className)}>
      {children}
    </span>
  );
}
