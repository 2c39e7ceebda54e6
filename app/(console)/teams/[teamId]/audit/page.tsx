import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AuditPanel } from "@/components/console/audit-panel";
import { CurrentTeam } from "@/components/console/team-switcher";
import { requireUser } from "@/lib/auth/session";
import { isApiError } from "@/lib/errors";
import { nowDate } from "@/lib/runtime";
import { authorizeTeam } from "@/lib/services/access";
import { TEAM_ACTIONS } from "@/lib/services/audit";
import { teamMembers } from "@/lib/services/teams";

export const metadata: Metadata = { title: "Audit log" };

/** A team's audit log (every member reads it): the entries come from the JSON route, a page at a time; the filters and the export are its query. */
export default async function TeamAuditPage({ params }: { params: Promise<{ teamId: string }> }) {
  const { teamId } = await params;
  const user = await requireUser();
  const { team } = await authorizeTeam(user, teamId, "team.read").catch((e: unknown) => {
    if (isApiError(e) && e.code === "NOT_FOUND") notFound();
    throw e;
  });
  const { members } = await teamMembers(teamId, nowDate());
  return (
    <>
      <CurrentTeam id={teamId} />
      <AuditPanel team={{ id: teamId, name: team.name }} actions={[...TEAM_ACTIONS]} actors={members.map((m) => m.email)} />
    </>
  );
}
