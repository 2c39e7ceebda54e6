import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AppsList } from "@/components/console/apps-list";
import { CurrentTeam } from "@/components/console/team-switcher";
import { requireUser } from "@/lib/auth/session";
import { defaultCallbackNote } from "@/lib/docs/default-callback";
import { refusal } from "@/lib/services/access";
import { listTeams } from "@/lib/services/teams";

export const metadata: Metadata = { title: "Apps" };

/**
 * The apps of one team (`?team=<teamId>`, the address a member shares), a new
 * app made there; without it, every team's apps, each under its team. A team
 * the reader is not in: the 404 page, as for one that does not exist.
 */
export default async function AppsPage({ searchParams }: { searchParams: Promise<{ team?: string | string[] }> }) {
  const user = await requireUser();
  const asked = (await searchParams).team;
  const teams = (await listTeams(user.id)).map((t) => ({ teamId: t.teamId, name: t.name, role: t.role, personal: t.personal, refusal: refusal(t.role, "app.write") }));
  const current = typeof asked === "string" ? teams.find((t) => t.teamId === asked) : undefined;
  if (asked !== undefined && !current) notFound();
  return (
    <>
      <CurrentTeam id={current?.teamId ?? null} />
      <AppsList callbackNote={defaultCallbackNote()} teams={teams} current={current?.teamId ?? null} />
    </>
  );
}
