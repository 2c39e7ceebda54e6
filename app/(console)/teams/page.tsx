import { redirect } from "next/navigation";
import { requireUser } from "@/lib/auth/session";
import { ownTeamId } from "@/lib/services/teams";

/** `/teams` (a link kept from before the switcher): the account's own team's Members page; the header's switcher lists the others. */
export default async function TeamsPage() {
  const user = await requireUser();
  redirect(`/teams/${await ownTeamId(user.id)}`);
}
