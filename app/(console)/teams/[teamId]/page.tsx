import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { MembersPanel } from "@/components/console/members-panel";
import { requireUser } from "@/lib/auth/session";
import { isApiError } from "@/lib/errors";
import { nowDate } from "@/lib/runtime";
import { authorizeTeam, may } from "@/lib/services/access";
import { listTeams, teamMembers } from "@/lib/services/teams";

export const metadata: Metadata = { title: "Members" };

/** A team's members and pending invitations; what the reader's role may not do is shown disabled, with the reason. */
export default async function MembersPage({ params }: { params: Promise<{ teamId: string }> }) {
  const { teamId } = await params;
  const user = await requireUser();
  const team = await authorizeTeam(user, teamId, "team.read").catch((e: unknown) => {
    if (isApiError(e) && e.code === "NOT_FOUND") notFound();
    throw e;
  });
  const [members, teams] = await Promise.all([teamMembers(teamId, nowDate()), listTeams(user.id)]);
  return (
    <MembersPanel
      team={{ id: teamId, name: team.team.name, role: team.role, manage: may(team.role, "team.manage") }}
      me={user.id}
      teams={teams.map((t) => ({ teamId: t.teamId, name: t.name }))}
      members={members.members}
      invitations={members.invitations}
    />
  );
}
