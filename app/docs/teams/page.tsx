import type { Metadata } from "next";
import { config } from "@/lib/runtime";
import { ALLOWED, type Action, ROLES } from "@/lib/services/access";
import { ACCOUNT_ACTIONS, TEAM_ACTIONS } from "@/lib/services/audit";
import { INVITATION_MAILS_PER_HOUR } from "@/lib/services/invitations";
import { C, H1, H2, P, Ul } from "@/components/docs/prose";
import { DataTable } from "@/components/docs/data-table";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Teams" };

/** What each action of the role rule (lib/services/access.ts) covers, in a reader's words. */
const ACTIONS: [Action, string][] = [
  ["app.read", "See the team's apps: overview, request log, callbacks, inbox, settings, usage, readiness"],
  ["app.write", "Every app action: create and delete apps, keys, settings, subscriptions, throwaway sandboxes, resend, replay, reset, held payments, Try it as the app"],
  ["app.secret", "Reveal an app's signing secret"],
  ["team.read", "See the members, pending invitations and the audit log; leave the team"],
  ["team.manage", "Invite, revoke and resend invitations, change roles, remove members"],
];

const days = Math.round(config.invitationSeconds / 86_400);

export default function TeamsPage() {
  return (
    <>
      <H1 eyebrow="Guide">Teams</H1>
      <P>
        Apps belong to a team, never to a person. Everyone who works on an integration signs in with their own account and has one role in the
        team: no shared logins, and a contractor loses access the moment they are removed.
      </P>
      <H2>Roles</H2>
      <P>
        One rule decides every console page, console route and Try it call. Someone who is not in the team (or was removed) gets{" "}
        <C>404 NOT_FOUND</C>, as for an id that does not exist; a member whose role does not allow a change gets <C>403 FORBIDDEN</C>. A removal or
        a lower role counts from the very next request. The gateway and the developer API are unchanged: they act as the app, through its keys.
      </P>
      <DataTable label="Roles" head={["What", ...ROLES]} rows={ACTIONS.map(([action, what]) => [what, ...ROLES.map((r) => (ALLOWED[r].includes(action) ? "yes" : "no"))])} />
      <H2>Your own team</H2>
      <P>
        Every account has a team of its own, named after its email, of which it is the owner. Apps made without naming a team go there. Existing
        accounts got theirs when the portal was updated: every app moved there unchanged (ids, keys, secrets, logs, callbacks, throwaway sandboxes,
        which always belong to their parent app&apos;s team). Nothing changes for your integration.
      </P>
      <H2>Invitations</H2>
      <Ul>
        <li>An owner invites an address with a role: <C>POST /api/console/teams/{"{teamId}"}/invitations {"{email, role}"}</C>. A mail holds a one-time link <C>/invite/&lt;token&gt;</C>, valid {days} days; the portal keeps only its hash.</li>
        <li>Only the invited address can accept it (<C>POST /api/console/invitations/accept {"{token}"}</C>, signed in with that address; another account gets 403). A used, revoked or expired link answers 404.</li>
        <li>An owner can revoke a pending invitation or send it again (a new link; the old one stops working).</li>
        <li>Without a mail server configured (<C>SMTP_URL</C>), the link is written to the server&apos;s log, as password resets are.</li>
      </Ul>
      <H2>Leaving and removing</H2>
      <P>
        An owner changes roles (<C>PATCH /api/console/teams/{"{teamId}"}/members/{"{userId}"} {"{role}"}</C>) and removes members (<C>DELETE</C> on the same
        address); anyone may leave by removing themself. A team always has an owner: the last one can neither leave nor become something else
        (<C>409 CONFLICT</C>) until another member is made an owner.
      </P>
      <P>
        Deleting your account (<C>DELETE /api/console/account {"{password}"}</C>) keeps every team another member stays in, with its apps
        (the team&apos;s log records you as removed), and deletes every team you are the only member of, your own team included, with its
        apps. While you are the last owner of a team that has other members, the deletion is refused (<C>409 CONFLICT</C>, naming the team):
        make one of them an owner first. <C>GET /api/console/account/deletion</C> answers what it would do, as the confirmation shows it:
        <C>{"{deletedTeams: [{teamId, name, apps}], keptTeams, lastOwnerOf}"}</C>.
      </P>
      <H2>Limits</H2>
      <DataTable label="Team limits" head={["Limit", "Value"]} rows={[
        ["Apps per team", String(config.appsPerUser)],
        ["Members per team", String(config.membersPerTeam)],
        ["Pending invitations per team", String(config.pendingInvitationsPerTeam)],
        ["Invitation mails per team", `${INVITATION_MAILS_PER_HOUR.team} an hour`],
        ["Invitation mails to one address", `${INVITATION_MAILS_PER_HOUR.address} an hour`],
        ["Teams an account is in", String(config.teamsPerUser)],
      ]} />
      <P>
        Each limit is exact, whatever the number of requests at once and the number of portal instances (the tests send 100 at once through
        two instances on one PostgreSQL database). Past a count: 409; past an hourly mail limit: 429 with <C>retry-after</C>. A pending
        invitation counts toward the pending limit until it is accepted, revoked or expires; each mail, a resent one too, toward the hourly
        ones. An account in as many teams as it may be in accepts no further invitation (409) until it leaves one. The operator sets them (<C>APPS_PER_USER</C>, <C>MEMBERS_PER_TEAM</C>, <C>PENDING_INVITATIONS_PER_TEAM</C>,
        <C>INVITATIONS_PER_TEAM_PER_HOUR</C>, <C>INVITATIONS_PER_ADDRESS_PER_HOUR</C>, <C>TEAMS_PER_USER</C>: see Settings).
      </P>
      <H2>Operators</H2>
      <P>
        Operators see every team with its members and apps on the Operator page, and each app&apos;s team; their approvals, rejections and
        suspensions appear in the audit log of the team they touch, with the operator as the actor.
      </P>
      <H2>In the console</H2>
      <Ul>
        <li><strong>The team switcher</strong> (the top bar, at any width; Enter opens it, Escape closes it): every team you are in with your role, and <em>All teams</em>. Picking one lists its apps at <C>/apps?team=&lt;teamId&gt;</C>, the address to share with a colleague (someone not in the team gets the 404 page); its Members page and Audit log are in the same menu, and a form that makes a new team (you its owner). <em>New app</em> makes the app in the team shown (without one, in your own team).</li>
        <li><strong>Every app page</strong> names its team in the breadcrumb (a link to the team&apos;s apps).</li>
        <li><strong>A role&apos;s limits are shown, not met:</strong> a viewer reads every page of the team&apos;s apps with each control that would change something disabled and the reason beside it (&quot;A viewer of this team may not make or change its apps.&quot;), the signing secret&apos;s <em>Reveal</em> included (in the docs, <em>Try it</em> as the team&apos;s app is a preview); on the Members page only owners&apos; controls work, and anyone may <em>Leave</em>. The words are the role rule&apos;s own, the ones a <C>403</C> would carry.</li>
        <li><strong>Members</strong> (<C>/teams/&lt;teamId&gt;</C>): members and roles, pending invitations (send again, revoke), the invite form. An invited person follows the mail&apos;s link, signs in or signs up with the invited address, presses <em>Join</em> and lands on the team&apos;s apps.</li>
        <li><strong>Audit log</strong> (<C>/teams/&lt;teamId&gt;/audit</C>): entries newest first with time, action, target, actor and address (the address from 768 px up); filters by action and by actor, kept in the page&apos;s address; <em>Load older</em> for the next page; <em>Export JSON lines</em> downloads what the filters select.</li>
        <li><strong>Deleting your account</strong> (Account page): the confirmation names each team only you are in, with its apps, which go with the account; teams with other members stay with their apps. If you are the only owner of a team that has other members, make one of them an owner first (the deletion answers <C>409</C> until then).</li>
      </Ul>
      <H2>The audit log</H2>
      <P>
        Every security-relevant change leaves an entry with who made it, from which address and when, written together with the change itself: a
        change without its entry, or an entry without its change, cannot happen. Entries name ids, names and emails, never a secret, a token or a
        password; they outlive the app they name and its reset. Every member reads the team&apos;s log; the newest {config.auditLimit.toLocaleString("en")} entries
        of a team are kept.
      </P>
      <Ul>
        <li><C>GET /api/console/teams/{"{teamId}"}/audit</C> → <C>{"{entries: [{id, at, actor, action, target, address}], next}"}</C>, newest first; <C>?before=&lt;next&gt;</C> for the next page, <C>action</C> and <C>actor</C> (a user id or email) to filter, <C>?format=jsonl</C> for the whole log as JSON lines.</li>
        <li>Team actions: {TEAM_ACTIONS.map((a, i) => <span key={a}>{i ? ", " : ""}<C>{a}</C></span>)}.</li>
        <li><C>GET /api/console/account/audit</C>, your account&apos;s own: {ACCOUNT_ACTIONS.map((a, i) => <span key={a}>{i ? ", " : ""}<C>{a}</C></span>)}, each with the address it came from. A sign-in you do not recognise? Change your password: every session ends.</li>
      </Ul>
    </>
  );
}
