import { TopNav } from "@/components/console/nav";
import { CurrentTeamProvider } from "@/components/console/team-switcher";
import { VerifyBanner } from "@/components/console/verify-banner";
import { requireUser } from "@/lib/auth/session";
import { listTeams } from "@/lib/services/teams";
import { isVerified } from "@/lib/services/verification";

export const dynamic = "force-dynamic";

export default async function ConsoleLayout({ children }: { children: React.ReactNode }) {
  const user = await requireUser();
  const teams = (await listTeams(user.id)).map(({ teamId, name, role }) => ({ teamId, name, role }));
  return (
    <CurrentTeamProvider>
      <TopNav user={user} teams={teams} />
      {!isVerified(user) && <VerifyBanner email={user.email} />}
      <main id="main" className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-8">{children}</main>
    </CurrentTeamProvider>
  );
}
