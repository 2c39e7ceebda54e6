"use client";
// A team's Members page: members with their roles, pending invitations, the
// invite form. Every control the reader's role may not use is disabled with
// the reason beside it, the role rule's own words (lib/services/access.ts
// `refusal`, handed down by the page: the routes would answer 403 with them).
import Link from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { useFormAction } from "@/components/ui/form-action";
import { Field, Input, Select } from "@/components/ui/input";
import { Table, Td, Th, Tr } from "@/components/ui/table";
import { LocalTime } from "@/components/ui/time";
import { Truncated } from "@/components/ui/truncate";
import { ROLES } from "@/lib/services/roles";
import { send } from "./api";
import { reasonText } from "./permission";
import { teamAppsHref } from "./team-switcher";

type Member = { userId: string; email: string; role: string };
type Invitation = { invitationId: string; email: string; role: string; expiresAt: string };
/** `refusal`: why the reader may not manage the team (null: they may). */
type Team = { id: string; name: string; role: string; refusal: string | null };

export function MembersPanel({ team, me, members, invitations }: { team: Team; me: string; members: Member[]; invitations: Invitation[] }) {
  const router = useRouter();
  const base = `/api/console/teams/${encodeURIComponent(team.id)}`;
  /** Every control's write, one at a time (the console's one form rule): then the page again, or `after`. */
  const action = useFormAction(async (fn: () => Promise<unknown>, after?: () => void) => {
    await fn();
    if (after) after();
    else router.refresh();
  });
  const act = action.run;
  const busy = action.pending;
  const error = action.error;
  /** What an owner's control takes: disabled while busy, and for other roles, with the reason. */
  const why = team.refusal && reasonText(team.refusal);
  const ownersOnly = { disabled: Boolean(why) || busy, title: why ?? undefined };
  const invite = async (form: FormData) => {
    await act(() => send("POST", `${base}/invitations`, { email: String(form.get("email") ?? ""), role: String(form.get("role") ?? "") }));
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="truncate text-2xl font-semibold tracking-tight">{team.name}</h1>
          <p className="mt-1 text-sm text-slate-500">Members of this team share its apps. Your role here: <Badge tone="neutral">{team.role}</Badge></p>
        </div>
        <nav aria-label="This team" className="flex flex-wrap gap-3 text-sm">
          <Link href={teamAppsHref(team.id)} className="font-medium text-indigo-700 underline underline-offset-2">Apps</Link>
          <Link href={`/teams/${team.id}/audit`} className="font-medium text-indigo-700 underline underline-offset-2">Audit log</Link>
        </nav>
      </div>
      {error && <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">{error}</div>}
      <Card>
        <CardHeader title="Members" description={why ?? "Change a role or remove a member; the change counts from their next request."} />
        <Table label="Members">
          <thead><tr><Th>Email</Th><Th>Role</Th><Th className="text-right"><span className="sr-only">Actions</span></Th></tr></thead>
          <tbody>
            {members.map((m) => (
              <Tr key={m.userId}>
                <Td><span className="flex min-w-0 flex-col sm:flex-row sm:items-baseline sm:gap-2"><Truncated value={m.email} className="max-w-[7rem] sm:max-w-xs" />{m.userId === me && <span className="shrink-0 text-xs text-slate-500">(you)</span>}</span></Td>
                <Td>
                  <label className="sr-only" htmlFor={`role-${m.userId}`}>Role of {m.email}</label>
                  <Select id={`role-${m.userId}`} value={m.role} {...ownersOnly} className="w-28 min-w-28"
                    onChange={(e) => act(() => send("PATCH", `${base}/members/${m.userId}`, { role: e.target.value }))}>
                    {ROLES.map((r) => <option key={r} value={r}>{r}</option>)}
                  </Select>
                </Td>
                <Td className="text-right">
                  {m.userId === me
                    ? <Button variant="dangerOutline" size="sm" disabled={busy} onClick={() => act(() => send("DELETE", `${base}/members/${m.userId}`), () => router.push("/apps"))}>Leave</Button>
                    : <Button variant="dangerOutline" size="sm" {...ownersOnly}
                        onClick={() => act(() => send("DELETE", `${base}/members/${m.userId}`))}>Remove</Button>}
                </Td>
              </Tr>
            ))}
          </tbody>
        </Table>
      </Card>
      <Card>
        <CardHeader title="Pending invitations" description="A link by mail, valid until it expires; only the invited address can accept it." />
        {invitations.length === 0
          ? <CardBody><p className="text-sm text-slate-500">No invitation is pending.</p></CardBody>
          : (
            <Table label="Pending invitations">
              <thead><tr><Th>Email</Th><Th wide>Role</Th><Th wide>Expires</Th><Th className="text-right"><span className="sr-only">Actions</span></Th></tr></thead>
              <tbody>
                {invitations.map((i) => (
                  <Tr key={i.invitationId}>
                    <Td><Truncated value={i.email} className="max-w-[7rem] sm:max-w-xs" /></Td>
                    <Td wide>{i.role}</Td>
                    <Td wide><LocalTime value={i.expiresAt} /></Td>
                    <Td className="space-x-2 text-right whitespace-nowrap">
                      <Button variant="secondary" size="sm" {...ownersOnly}
                        onClick={() => act(() => send("POST", `${base}/invitations/${i.invitationId}/resend`))}>Send again</Button>
                      <Button variant="dangerOutline" size="sm" {...ownersOnly}
                        onClick={() => act(() => send("DELETE", `${base}/invitations/${i.invitationId}`))}>Revoke</Button>
                    </Td>
                  </Tr>
                ))}
              </tbody>
            </Table>
          )}
      </Card>
      <Card>
        <CardBody>
          <h2 className="mb-1 text-base font-semibold">Invite someone</h2>
          {why && <p className="mb-3 text-sm text-slate-500">{why}</p>}
          <form action={invite} className="grid gap-3 sm:grid-cols-[1fr_10rem_auto] sm:items-end">
            <Field label="Email">{(p) => <Input {...p} name="email" type="email" required autoComplete="off" disabled={Boolean(why)} />}</Field>
            <Field label="Role">{(p) => (
              <Select {...p} name="role" defaultValue="developer" disabled={Boolean(why)}>
                {ROLES.map((r) => <option key={r} value={r}>{r}</option>)}
              </Select>
            )}</Field>
            <Button type="submit" disabled={Boolean(why) || busy} title={why ?? undefined}>Send invitation</Button>
          </form>
        </CardBody>
      </Card>
    </div>
  );
}
