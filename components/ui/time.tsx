"use client";
import { useEffect, useState } from "react";

const rtf = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
const exact = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" });

export function relative(date: Date, now = Date.now()): string {
  const s = Math.round((date.getTime() - now) / 1000);
  const a = Math.abs(s);
  if (a < 10) return s > 0 ? "in a few seconds" : "just now";
  if (a < 60) return rtf.format(s, "second");
  if (a < 3600) return rtf.format(Math.round(s / 60), "minute");
  if (a < 86400) return rtf.format(Math.round(s / 3600), "hour");
  if (a < 86400 * 30) return rtf.format(Math.round(s / 86400), "day");
  return exact.format(date).replace(/,? \d\d:\d\d:\d\d$/, "");
}

/** "3 minutes ago", with the exact UTC time on hover; refreshes itself. */
export function RelativeTime({ value }: { value: string | Date | null | undefined }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(t);
  }, []);
  if (!value) return <span className="text-slate-500">—</span>;
  const d = new Date(value);
  return (
    <time dateTime={d.toISOString()} title={`${exact.format(d)} UTC`} suppressHydrationWarning>
      {relative(d, now)}
    </time>
  );
}
