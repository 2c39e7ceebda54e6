"use client";
// The header's team switcher. The current team is in the address of every page
// that has one (`/apps?team=<id>`, `/teams/<id>`, an app's pages through the
// app), and each such page says which it is with <CurrentTeam>; the switcher,
// in the layout that stays while the pages change, shows it (a page without a
// team, the Account page, keeps the last one shown). A disclosure: a button
// and a list of links, Escape or a click elsewhere closes it.
import Link from "@/components/ui/link";
import { usePathname, useRouter } from "next/navigation";
import { createContext, useContext, useEffect, useId, useRef, useState } from "react";
import useSWR from "swr";
import { Button } from "@/components/ui/button";
import { useFormAction } from "@/components/ui/form-action";
import { Field, Input } from "@/components/ui/input";
import { fetcher, send } from "./api";

export type TeamChoice = { teamId: string; name: string; role: string };

/** The current team's id; null: every team (the Apps page without ?team). */
const Current = createContext<{ id: string | null; set: (id: string | null) => void }>({ id: null, set: () => {} });

export function CurrentTeamProvider({ children }: { children: React.ReactNode }) {
  const [id, set] = useState<string | null>(null);
  return <Current value={{ id, set }}>{children}</Current>;
}

/** Rendered by a page that belongs to a team (null: every team's). */
export function CurrentTeam({ id }: { id: string | null }) {
  const { set } = useContext(Current);
  useEffect(() => set(id), [id, set]);
  return null;
}

/** Where a team's apps are listed: the address to share for a team. */
export const teamAppsHref = (teamId: string) => `/apps?team=${encodeURIComponent(teamId)}`;

/** A new team, its owner the account (POST /api/console/teams): then its apps, current. */
function NewTeam({ onMade }: { onMade: () => Promise<unknown> }) {
  const router = useRouter();
  const make = useFormAction(async (data: FormData) => {
    const team = await send<TeamChoice>("POST", "/api/console/teams", { name: data.get("name") });
    await onMade();
    router.push(teamAppsHref(team.teamId));
  }, ["name"]);
  return (
    <form className="flex items-end gap-2 px-2.5 py-2" {...make.form}>
      <Field label="New team" className="min-w-0 flex-1" error={make.fieldError("name") ?? make.error}>
        {(p) => <Input {...p} name="name" required maxLength={64} placeholder="e.g. Checkout squad" className="py-1.5" autoComplete="off" />}
      </Field>
      <Button type="submit" size="md" busy={make.pending}>Create</Button>
    </form>
  );
}

const item = "flex min-w-0 items-center justify-between gap-3 rounded-md px-2.5 py-2 text-sm text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600";

export function TeamSwitcher({ initial }: { initial: TeamChoice[] }) {
  const { id } = useContext(Current);
  // Fresh on each focus of the window: a team joined or left elsewhere shows here.
  const { data, mutate } = useSWR<{ teams: TeamChoice[] }>("/api/console/teams", fetcher, { fallbackData: { teams: initial } });
  const teams = data?.teams ?? initial;
  const current = teams.find((t) => t.teamId === id) ?? null;
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const pathname = usePathname();
  // A link followed (another page, or another team on the same one): the menu closes.
  const where = `${pathname} ${id}`;
  const [seen, setSeen] = useState(where);
  if (seen !== where) {
    setSeen(where);
    setOpen(false);
  }
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    // Escape closes it and gives the keyboard back to the button.
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("mousedown", onDown);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("mousedown", onDown);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);
  const label = current?.name ?? "All teams";
  return (
    <div ref={root} className="relative min-w-0">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
        className="flex w-full max-w-28 min-w-0 items-center gap-1 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600 sm:max-w-52"
      >
        <span className="sr-only">Team: </span>
        <span className="truncate">{label}</span>
        <svg aria-hidden viewBox="0 0 20 20" className="size-4 shrink-0 text-slate-500" fill="currentColor"><path d="M5.5 7.5 10 12l4.5-4.5z" /></svg>
      </button>
      {open && (
        <div id={menuId} className="absolute left-0 z-20 mt-1 w-72 max-w-[calc(100vw-1rem)] rounded-lg border border-slate-200 bg-white p-1.5 shadow-lg">
          <nav aria-label="Teams">
            <p className="px-2.5 pt-1 pb-1.5 text-xs font-semibold text-slate-600">Switch team</p>
            <ul>
              <li>
                <Link href="/apps" aria-current={id === null && pathname === "/apps" ? "page" : undefined} className={item}>
                  <span>All teams</span>
                </Link>
              </li>
              {teams.map((t) => (
                <li key={t.teamId}>
                  <Link href={teamAppsHref(t.teamId)} aria-current={t.teamId === id ? "true" : undefined} className={`${item} ${t.teamId === id ? "bg-slate-100 font-medium text-slate-900" : ""}`}>
                    <span className="truncate">{t.name}</span>
                    <span className="shrink-0 text-xs text-slate-600">{t.role}</span>
                  </Link>
                </li>
              ))}
            </ul>
            {current && (
              <ul className="mt-1 border-t border-slate-200 pt-1">
                <li><Link href={`/teams/${current.teamId}`} className={item}><span className="truncate">Members of {current.name}</span></Link></li>
                <li><Link href={`/teams/${current.teamId}/audit`} className={item}><span className="truncate">Audit log of {current.name}</span></Link></li>
              </ul>
            )}
          </nav>
          <div className="mt-1 border-t border-slate-200 pt-1"><NewTeam onMade={() => mutate()} /></div>
        </div>
      )}
    </div>
  );
}
