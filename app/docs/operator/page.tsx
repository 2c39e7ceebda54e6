// Docs: the operator command line (npm run admin). Its list of commands is the
// command line's own usage text (lib/cli/usage.ts), so the two cannot differ.
import type { Metadata } from "next";
import { USAGE } from "@/lib/cli/usage";
import { C, H1, H2, P, Snippet } from "@/components/docs/prose";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Operator command line" };

export default function OperatorPage() {
  return (
    <>
      <H1 eyebrow="Guide">Operator command line</H1>
      <P>One JSON document on stdout, errors on stderr in one line: exit 2 for a wrong command line (unknown command or option, a missing or malformed option), 1 for anything else (<C>help</C> prints the commands as text, <C>--version</C> the portal&apos;s version). Same database settings as the server, same functions as the console. <C>user create</C> takes the password from stdin with <C>--password-stdin</C> (one final line break dropped), or asks for it twice, unechoed, when run on a terminal without a password option; <C>--password P</C> still works but leaves the password in the process list and the shell&apos;s history. </P>
      <H2 id="links">The links it prints</H2>
      <P>The links it prints (reset links, inspector addresses) are on <C>PUBLIC_URL</C>, or <C>localhost:$PORT</C>, when given; without either, on the origin the running server recorded in the database when it started (any <C>PORT</C>, <C>0</C> included). When no server has started on the database yet, it says so on stderr (<C>note: links use …</C>).</P>
      <H2 id="commands">Every command</H2>
      <P>What <C>npm run --silent admin -- help</C> prints:</P>
      <Snippet title="npm run --silent admin -- help" code={USAGE} scroll />
      <H2 id="console">In the console</H2>
      <P>
        An operator&apos;s Operator page (<C>/operator</C>) shows the subscriptions waiting for review, every team with its members, their roles
        and its apps (searched by a team&apos;s name or a member&apos;s email, in any case: <C>GET /api/console/operator/teams?q=</C>), and
        every app with its team (<C>GET /api/console/operator/apps</C>), to suspend or resume. An operator&apos;s approvals, rejections,
        suspensions and resumptions are written to the audit log of the team that owns the app, with the operator as the actor.
      </P>
      <H2 id="examples">Examples</H2>
      <P>Each with what it prints, where that is not obvious.</P>
      <Snippet title="shell" code={"npm run --silent admin -- help                                 # every command and its options\nnpm run --silent admin -- --version                            # the portal's version, e.g. 0.1.0\nnpm run --silent admin -- user create --email E [--password-stdin | --password P] [--operator]   # neither: asked on the terminal\nnpm run --silent admin -- user list [--limit N] [--after ID]   # newest first, 50 at a time: id, email, operator, number of apps\nnpm run --silent admin -- user reset-link --email E           # {\"email\",\"resetUrl\",\"expiresAt\"}: a one-time password-reset link, as /forgot mails it\nnpm run --silent admin -- user reset-totp --email E           # {\"userId\",\"email\",\"totp\":false}: two-step sign-in off for a locked-out user (the account's audit says so)\nnpm run --silent admin -- app create --owner E --name N [--callback-url U]\nnpm run --silent admin -- app list [--owner E] [--limit N] [--after ID]   # newest first: id, name, owner, suspended, limit\nnpm run --silent admin -- key create --app A\nnpm run --silent admin -- key revoke --key K\nnpm run --silent admin -- subscribe --app A --group G        # Payments | Treasury | Identity | Messaging\nnpm run --silent admin -- review --app A --group G --approve  # or --reject\nnpm run --silent admin -- app suspend --app A                 # app resume --app A\nnpm run --silent admin -- app limit --app A --per-minute N\nnpm run --silent admin -- app rotate-secret --app A [--grace-hours H]   # prints the new signingSecret (this once); the old one signs too for H hours (24)\nnpm run --silent admin -- app reset --app A                   # the app's resources, callbacks, log and inbox deleted; keys and settings kept\nnpm run --silent admin -- deliveries replay --app A --since T [--url U]   # failed callbacks since T sent again (to U)\nnpm run --silent admin -- deliveries resend --app A --delivery D          # one callback again, now\nnpm run --silent admin -- deliveries wait --app A --resource R [--timeout S]   # or --reference F | --delivery D: its first attempt\nnpm run --silent admin -- app settings --app A --time-scale 0             # developer settings (time scale, callback faults, inspector mode)\nnpm run --silent admin -- test-number add --app A --operation collect.push --field phoneNumber --value 254700000001 --scenario cancelled\nnpm run --silent admin -- test-number list --app A\nnpm run --silent admin -- test-number remove --app A --id tn_…           # or --value V"} scroll />
    </>
  );
}
