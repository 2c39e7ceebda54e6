import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { MembersPanel } from "@/components/console/members-panel";
import { CurrentTeam } from "@/components/console/team-switcher";
import { requireUser } from "@/lib/auth/session";
import { isApiError } from "@/lib/errors";
import { nowDate } from "@/lib/runtime";
import { authorizeTeam, refusal } from "@/lib/services/access";
import { teamMembers } from "@/lib/services/teams";

export const metadata: Metadata = { title: "Members" };

/** A team's members and pending invitations; what the reader's role may not do is shown disabled, with the reason. */
export default async function MembersPage({ params }: { params: Promise<{ teamId: string }> }) {
  const { teamId } = await params;
  const user = await requireUser();
  const team = await authorizeTeam(user, teamId, "team.read").catch((e: unknown) => {
    if (isApiError(e) && e.code === "NOT_FOUND") notFound();
    throw e;
  });
  const members = await teamMembers(teamId, nowDate());
  return (
    <>
      <CurrentTeam id={teamId} />
      <MembersPanel
        team={{ id: teamId, name: team.team.name, role: team.role, refusal: refusal(team.role, "team.manage") }}
        me={user.id}
        members={members.members}
        invitations={members.invitations}
      />
    </>
  );
}
