import { redirect } from "next/navigation";
import { requireUser } from "@/lib/auth/session";
import { ownTeamId } from "@/lib/services/teams";

/** The header's Teams link: the account's own team's Members page, whose switcher lists the others. */
export default async function TeamsPage() {
  const user = await requireUser();
  redirect(`/teams/${await ownTeamId(user.id)}`);
}
