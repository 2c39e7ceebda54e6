"use client";
// The account's security page (/account/security): its sessions (address, browser,
// last use; sign out one or every other: lib/services/sessions.ts), two-step
// sign-in's status and recovery codes left, and the account's log ("was this
// you?": sign-ins with their addresses, failures, changes), a keyset page at a time.
import Link from "@/components/ui/link";
import useSWR from "swr";
import useSWRInfinite from "swr/infinite";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState, ErrorNote } from "@/components/ui/empty";
import { useFormAction } from "@/components/ui/form-action";
import { SkeletonRows } from "@/components/ui/skeleton";
import { LoadOlder, Table, Td, Th } from "@/components/ui/table";
import { LocalTime } from "@/components/ui/time";
import { fetcher, qs, send } from "./api";

type SessionRow = { id: string; address: string | null; userAgent: string | null; createdAt: string; lastUsedAt: string; current: boolean };
type AuditRow = { id: string; at: string; actor: { userId: string | null; email: string | null } | null; action: string; target: string; address: string | null };
type AuditPage = { entries: AuditRow[]; next: string | null };
export type TwoStepStatus = { enabled: boolean; enabledAt: string | null; recoveryCodesLeft: number };

/** A user agent in a few words: the browser and the system it runs on, else the text cut short. */
export function browserOf(ua: string | null): string {
  if (!ua) return "Unknown browser";
  const browser = /Edg\//.test(ua) ? "Edge" : /Firefox\//.test(ua) ? "Firefox" : /Chrom(e|ium)\//.test(ua) ? "Chrome" : /Safari\//.test(ua) ? "Safari" : null;
  const system = /Android/.test(ua) ? "Android" : /iPhone|iPad/.test(ua) ? "iOS" : /Mac OS X/.test(ua) ? "macOS" : /Windows/.test(ua) ? "Windows" : /Linux/.test(ua) ? "Linux" : null;
  if (browser) return system ? `${browser} on ${system}` : browser;
  return ua.length > 40 ? `${ua.slice(0, 40)}…` : ua;
}

function SignOutOne({ id, onDone }: { id: string; onDone: () => void }) {
  const end = useFormAction(async () => {
    await send("DELETE", `/api/console/account/sessions/${encodeURIComponent(id)}`);
    onDone();
  });
  return (
    <span className="inline-flex items-center gap-2">
      <Button variant="secondary" size="sm" busy={end.pending} onClick={() => void end.run()}>Sign out</Button>
      {end.error && <span role="alert" className="text-xs text-red-700">{end.error}</span>}
    </span>
  );
}

function Sessions() {
  const { data, error, isLoading, mutate } = useSWR<{ sessions: SessionRow[] }>("/api/console/account/sessions", fetcher);
  const others = useFormAction(async () => {
    await send("DELETE", "/api/console/account/sessions?others=1");
    await mutate();
  });
  const sessions = data?.sessions ?? [];
  return (
    <Card>
      <CardHeader
        title="Sessions"
        description="Where this account is signed in. Signing a session out takes effect on its next request."
        actions={<Button variant="secondary" busy={others.pending} disabled={sessions.length < 2} onClick={() => void others.run()}>Sign out all others</Button>}
      />
      {others.error && <p role="alert" className="px-5 pb-3 text-sm text-red-700">{others.error}</p>}
      {isLoading ? <SkeletonRows /> : error ? <ErrorNote error={error} onRetry={() => void mutate()} /> : (
        <Table label="Sessions">
          <thead>
            <tr><Th>Browser and address</Th><Th wide>Signed in</Th><Th wide>Last used</Th><Th><span className="sr-only">Actions</span></Th></tr>
          </thead>
          <tbody>
            {sessions.map((s) => (
              <tr key={s.id} className="border-t border-slate-100">
                {/* One cell: below 768 px its last use too, so the row's action stays in view at phone width. */}
                <Td>
                  <span className="block" title={s.userAgent ?? undefined}>{browserOf(s.userAgent)}</span>
                  <span className="block font-mono text-xs text-slate-500">{s.address ?? "address unknown"}</span>
                  <span className="block text-xs text-slate-500 md:hidden">Last used <LocalTime value={s.lastUsedAt} /></span>
                </Td>
                <Td wide><LocalTime value={s.createdAt} /></Td>
                <Td wide><LocalTime value={s.lastUsedAt} /></Td>
                <Td>{s.current ? <Badge tone="green">This session</Badge> : <SignOutOne id={s.id} onDone={() => void mutate()} />}</Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </Card>
  );
}

function TwoStep({ status }: { status: TwoStepStatus }) {
  return (
    <Card>
      <CardHeader title="Two-step sign-in" description={<>Set up and turned off on the <Link href="/account" className="underline underline-offset-2">Account</Link> page.</>} />
      <CardBody>
        {status.enabled ? (
          <p className="text-sm text-slate-700">
            <Badge tone="green">On</Badge> <span className="ml-2">since <LocalTime value={status.enabledAt} />.</span>{" "}
            <span className={status.recoveryCodesLeft <= 2 ? "font-medium text-amber-800" : undefined}>
              {status.recoveryCodesLeft} of 10 recovery codes left.
            </span>
          </p>
        ) : (
          <p className="text-sm text-slate-700"><Badge tone="amber">Off</Badge> <span className="ml-2">A password alone signs in to this account.</span></p>
        )}
      </CardBody>
    </Card>
  );
}

/** What an entry of the account's log says, for its owner. */
const ACTION_TEXT: Record<string, string> = {
  signin: "Signed in",
  "signin.failed": "Failed sign-in",
  "password.changed": "Password changed",
  "password.reset": "Password reset by mail",
  "totp.enabled": "Two-step sign-in turned on",
  "totp.disabled": "Two-step sign-in turned off",
  "passkey.added": "Passkey added",
  "email.verified": "Email verified",
};

function AccountLog() {
  const r = useSWRInfinite<AuditPage>(
    (i, prev: AuditPage | null) => (i > 0 && !prev?.next ? null : `/api/console/account/audit${qs({ take: 25, before: i > 0 ? prev!.next : undefined })}`),
    fetcher,
  );
  const entries = r.data?.flatMap((p) => p.entries) ?? [];
  const hasMore = Boolean(r.data?.at(-1)?.next);
  const loadingMore = r.isLoading || (r.size > 0 && r.data !== undefined && typeof r.data[r.size - 1] === "undefined");
  return (
    <Card>
      <CardHeader title="Account activity" description="Sign-ins with the address they came from, failed ones and changes. Was each of these you? If not, change your password and sign out the other sessions." />
      {r.isLoading ? <SkeletonRows /> : r.error ? <ErrorNote error={r.error} onRetry={() => void r.mutate()} /> : entries.length === 0 ? (
        <EmptyState title="Nothing yet" />
      ) : (
        <>
          <Table label="Account activity">
            <thead><tr><Th>When</Th><Th>What</Th><Th>Address</Th></tr></thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.id} className="border-t border-slate-100">
                  <Td><LocalTime value={e.at} /></Td>
                  <Td className={e.action === "signin.failed" ? "font-medium text-red-800" : undefined}>{ACTION_TEXT[e.action] ?? e.action}</Td>
                  <Td className="font-mono text-xs">{e.address ?? "—"}</Td>
                </tr>
              ))}
            </tbody>
          </Table>
          <LoadOlder show={hasMore} busy={loadingMore} onClick={() => void r.setSize(r.size + 1)} />
        </>
      )}
    </Card>
  );
}

/** `passkeys`: the passkeys list's card, shown between two-step sign-in and the log when given. */
export function SecurityPanel({ email, twoStep, passkeys }: { email: string; twoStep: TwoStepStatus; passkeys?: React.ReactNode }) {
  return (
    <div className="space-y-6">
      <div>
        <p className="text-sm"><Link href="/account" className="text-slate-600 underline-offset-2 hover:underline">Account</Link></p>
        <h1 className="text-2xl font-semibold tracking-tight">Security</h1>
        <p className="mt-1 break-all text-sm text-slate-600">Sessions, two-step sign-in and recent activity of <span className="font-medium text-slate-900">{email}</span>.</p>
      </div>
      <Sessions />
      <TwoStep status={twoStep} />
      {passkeys}
      <AccountLog />
    </div>
  );
}
