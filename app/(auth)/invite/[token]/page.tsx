import type { Metadata } from "next";
import { ButtonLink } from "@/components/ui/button";
import { currentUser } from "@/lib/auth/session";
import { invitationByToken } from "@/lib/services/invitations";
import { AcceptForm } from "./accept-form";

export const metadata: Metadata = { title: "Join a team" };

const Email = ({ value }: { value: string }) => <span className="inline-block max-w-full font-medium break-all">{value}</span>;

/** An invitation's link. Reading the page uses nothing up; only the button joins, signed in with the invited address. */
export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const [invitation, user] = await Promise.all([invitationByToken(token), currentUser()]);
  if (!invitation) {
    return (
      <>
        <h1 className="text-xl font-semibold tracking-tight">This invitation no longer works</h1>
        <p className="mt-1 mb-6 text-sm text-slate-500">It was used, revoked or has expired. Ask the team&apos;s owner to send it again.</p>
        <ButtonLink href="/apps" className="w-full">Go to the console</ButtonLink>
      </>
    );
  }
  const next = encodeURIComponent(`/invite/${token}`);
  return (
    <>
      <h1 className="text-xl font-semibold tracking-tight">{`Join ${invitation.teamName}`}</h1>
      <p className="mt-1 mb-6 text-sm text-slate-500">
        As {invitation.role === "owner" ? "an owner" : `a ${invitation.role}`}, for <Email value={invitation.email} />.
      </p>
      {!user && (
        <div className="flex flex-col gap-2">
          <ButtonLink href={`/signin?next=${next}`} className="w-full">Sign in to join</ButtonLink>
          <ButtonLink href={`/signup?next=${next}`} variant="secondary" className="w-full">Sign up with this address</ButtonLink>
        </div>
      )}
      {user && user.email !== invitation.email && (
        <p role="note" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          You are signed in as <Email value={user.email} />. Only <Email value={invitation.email} /> can accept this invitation: sign out and sign in with it.
        </p>
      )}
      {user && user.email === invitation.email && <AcceptForm token={token} team={invitation.teamName} />}
    </>
  );
}
