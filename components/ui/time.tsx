"use client";
import { useEffect, useState } from "react";
import { localTime } from "@/lib/clock";

export { localTime };

const rtf = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
const dateOnly = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" });

export function relative(date: Date, now = Date.now()): string {
  const s = Math.round((date.getTime() - now) / 1000);
  const a = Math.abs(s);
  if (a < 10) return s > 0 ? "in a few seconds" : "just now";
  if (a < 60) return rtf.format(s, "second");
  if (a < 3600) return rtf.format(Math.round(s / 60), "minute");
  if (a < 86400) return rtf.format(Math.round(s / 3600), "hour");
  if (a < 86400 * 30) return rtf.format(Math.round(s / 86400), "day");
  return dateOnly.format(date);
}

function useNow(): number | null {
  // null until mounted: the server does not know the viewer's time zone.
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const t = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(t);
  }, []);
  return now;
}

/** The absolute time in the viewer's time zone (named), with the relative time on hover; refreshes itself. */
export function LocalTime({ value }: { value: string | Date | null | undefined }) {
  const now = useNow();
  if (!value) return <span className="text-slate-500">—</span>;
  const d = new Date(value);
  const at = now ?? d.getTime();
  return (
    <time className="whitespace-nowrap" dateTime={d.toISOString()} title={`${relative(d, at)} · ${d.toISOString()}`} suppressHydrationWarning>
      {localTime(d, new Date(at), now === null ? "UTC" : undefined)}
    </time>
  );
}
