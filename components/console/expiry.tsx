"use client";
// How long a throwaway sandbox has left (lib/services/sandboxes.ts), counted
// down each second: its badge on its own pages and the parent's list.
import { useEffect, useState } from "react";
import { Badge } from "@/components/ui/badge";

/** "9 s", "14 min 32 s", "2 h 05 min": what is left of `ms`. */
export function timeLeft(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${String(s % 60).padStart(2, "0")} s`;
  return `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, "0")} min`;
}

/** The time now, every second; null until mounted (the server renders no countdown). */
export function useSecondTick(): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  return now;
}

/** "expires in 14 min 32 s" (or, under an "Expires" column, `short`: "in 14 min 32 s"), then "ended". */
export function ExpiresIn({ expiresAt, now, short = false }: { expiresAt: string; now: number | null; short?: boolean }) {
  const end = Date.parse(expiresAt);
  const at = new Date(end).toISOString();
  if (now === null) return <time dateTime={at}>{short ? "at" : "expires at"} {at.slice(11, 19)} UTC</time>;
  return end > now ? <time dateTime={at} title={at}>{short ? "in" : "expires in"} {timeLeft(end - now)}</time> : <span>ended</span>;
}

/** The badge a sandbox's pages carry beside its name. */
export function ExpiresBadge({ expiresAt }: { expiresAt: string }) {
  const now = useSecondTick();
  const ended = now !== null && Date.parse(expiresAt) <= now;
  return (
    <Badge tone={ended ? "red" : "amber"}>
      <ExpiresIn expiresAt={expiresAt} now={now} />
    </Badge>
  );
}
