import Link from "@/components/ui/link";
import { signOutAction } from "@/app/(auth)/actions";
import type { PublicUser } from "@/lib/services/users";
import { ConsoleSearch } from "./console-search";
import { Logo } from "./logo";
import { type TeamChoice, TeamSwitcher } from "./team-switcher";

// Narrower below 640 px, so an operator's five links (Apps, Docs, Operator, Account, Sign out) and the search button fit at 390 px.
const link = "rounded-md px-1 py-1.5 sm:px-2.5 text-sm font-medium whitespace-nowrap text-slate-600 hover:bg-slate-100 hover:text-slate-900";

/** The top bar: product, sections, who is signed in, the current team (`teams`: the account's, for the switcher). `user` null: the public variant. */
export function TopNav({ user, teams }: { user: PublicUser | null; teams?: TeamChoice[] }) {
  return (
    <header className="sticky top-0 z-10 border-b border-slate-200 bg-white/90 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-14 max-w-6xl items-center gap-0.5 px-2 sm:gap-2 sm:px-6">
        <Link href={user ? "/apps" : "/"} className="mr-1 shrink-0 sm:mr-4"><Logo compact /></Link>
        {/* Below 640 px the logo and the switcher's "All teams" stand for it: an operator's Account and Sign out must stay whole at 390 px. */}
        {user && <Link href="/apps" className={`${link} hidden sm:inline`}>Apps</Link>}
        {user && teams && <TeamSwitcher initial={teams} />}
        {/* An operator's bar below 640 px has Operator as well: Docs makes way (the console's pages and search link the docs) so Account and Sign out stay whole. */}
        <Link href="/docs" className={user?.operator ? `${link} hidden sm:inline` : link}>Docs</Link>
        {user?.operator && <Link href="/operator" className={link}>Operator</Link>}
        <div className="ml-auto flex min-w-0 shrink-0 items-center gap-0.5 sm:gap-2 md:shrink">
          {user ? (
            <>
              <ConsoleSearch />
              <Link href="/account" aria-label={`Account ${user.email}`} className={`${link} max-w-56 shrink-0 truncate md:shrink`} title="Account: password and sessions">
                <span className="hidden md:inline">{user.email}</span><span className="md:hidden">Account</span>
              </Link>
              {/* From lg up: narrower bars keep Account and Sign out whole; the Account page links it. */}
              <Link href="/account/security" className={`${link} hidden lg:inline`}>Security</Link>
              <form action={signOutAction}>
                <button type="submit" className={`${link} whitespace-nowrap`}>Sign out</button>
              </form>
            </>
          ) : (
            <>
              <Link href="/signin" className={link}>Sign in</Link>
              <Link href="/signup" className="rounded-md bg-slate-900 px-3 py-1.5 text-sm font-medium whitespace-nowrap text-white hover:bg-slate-700">Get keys</Link>
            </>
          )}
        </div>
      </nav>
    </header>
  );
}
