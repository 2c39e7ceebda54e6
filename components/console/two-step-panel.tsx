"use client";
// Two-step sign-in on the Account page (app/api/console/account/totp): set up
// (the QR code the route rendered and the secret as text), confirm with a
// code, the recovery codes shown once, turn off with a code or a recovery code.
import Image from "next/image";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { useFormAction } from "@/components/ui/form-action";
import { Field, Input } from "@/components/ui/input";
import { send } from "./api";
import { ShownOnce } from "./shown-once";

export type TwoStepStatus = { enabled: boolean; enabledAt: string | null; recoveryCodesLeft: number };
type SetUp = { secret: string; otpauthUrl: string; qrCode: string };

/** The secret in groups of four, as authenticator apps show a key typed in. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

function Confirm({ setUp, onConfirmed }: { setUp: SetUp; onConfirmed: (codes: string[]) => void }) {
  const confirm = useFormAction(async (data: FormData) => {
    const { recoveryCodes } = await send<{ recoveryCodes: string[] }>("POST", "/api/console/account/totp/confirm", { code: String(data.get("code") ?? "").trim() });
    onConfirmed(recoveryCodes);
  }, ["code"]);
  return (
    <div className="grid gap-5 sm:grid-cols-[auto_1fr]">
      {/* An SVG the route rendered (qrcode): no script, no outside request. */}
      <Image unoptimized src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setUp.qrCode)}`} width={176} height={176}
        alt="QR code of the set-up key: scan it with your authenticator app" className="rounded-md border border-slate-200 bg-white" />
      <div className="min-w-0 space-y-4">
        <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
          <li>Scan the QR code with an authenticator app (1Password, Google Authenticator, Authy…), or type the key below into it.</li>
          <li>Enter the 6-digit code it shows.</li>
        </ol>
        <div>
          <p className="mb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">Key</p>
          {/* Wrapped, not cut short: a phone's reader types it in whole. */}
          <div className="flex items-start gap-2">
            <code className="min-w-0 flex-1 rounded-md border border-slate-200 bg-slate-50 px-2.5 py-1.5 font-mono text-xs break-words text-slate-800">{grouped(setUp.secret)}</code>
            <CopyButton value={setUp.secret} what="set-up key" />
          </div>
        </div>
        <form className="flex flex-wrap items-end gap-3" {...confirm.form}>
          <Field label="Code from the app" error={confirm.fieldError("code") ?? confirm.error ?? undefined}>
            {(p) => <Input {...p} name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" maxLength={6} required className="w-36" />}
          </Field>
          <Button type="submit" busy={confirm.pending}>Turn on</Button>
        </form>
      </div>
    </div>
  );
}

function TurnOff({ onOff }: { onOff: () => void }) {
  const off = useFormAction(async (data: FormData) => {
    await send("DELETE", "/api/console/account/totp", { code: String(data.get("code") ?? "").trim() });
    onOff();
  }, ["code"]);
  return (
    <form className="flex flex-wrap items-end gap-3" {...off.form}>
      <p className="w-full text-sm text-slate-600">Turning it off needs a code from your app, or an unused recovery code.</p>
      <Field label="Code or recovery code" error={off.fieldError("code") ?? off.error ?? undefined}>
        {(p) => <Input {...p} name="code" autoComplete="one-time-code" maxLength={64} required className="w-48" spellCheck={false} />}
      </Field>
      <Button type="submit" variant="secondary" busy={off.pending}>Turn off</Button>
    </form>
  );
}

export function TwoStepPanel({ initial }: { initial: TwoStepStatus }) {
  const [status, setStatus] = useState(initial);
  const [setUp, setSetUp] = useState<SetUp | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const start = useFormAction(async () => setSetUp(await send<SetUp>("POST", "/api/console/account/totp")));
  const description = status.enabled
    ? `On: signing in asks for a code from your authenticator app after the password. ${status.recoveryCodesLeft} of 10 recovery codes left.`
    : "Off. With it on, signing in asks for a 6-digit code from an authenticator app after the password.";
  return (
    <Card>
      <CardHeader title="Two-step sign-in" description={description} />
      <CardBody>
        {codes ? (
          <ShownOnce
            title="Recovery codes"
            warning="Save these codes now: they are shown this once. Each signs in once in place of a code, if you lose your authenticator app."
            values={[]}
            done="I have saved the recovery codes"
            onDone={() => setCodes(null)}
            then={() => document.getElementById("two-step-off")}
          >
            <div>
              <dt className="mb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">Recovery codes</dt>
              <dd className="flex flex-wrap items-start gap-4">
                <ul className="grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-sm text-slate-900 sm:grid-cols-5">
                  {codes.map((c) => <li key={c}>{c}</li>)}
                </ul>
                <CopyButton value={codes.join("\n")} what="recovery codes" />
              </dd>
            </div>
          </ShownOnce>
        ) : status.enabled ? (
          <div id="two-step-off" tabIndex={-1}>
            <TurnOff onOff={() => setStatus({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 })} />
          </div>
        ) : setUp ? (
          <Confirm setUp={setUp} onConfirmed={(recoveryCodes) => {
            setSetUp(null);
            setCodes(recoveryCodes);
            setStatus({ enabled: true, enabledAt: new Date().toISOString(), recoveryCodesLeft: recoveryCodes.length });
          }} />
        ) : (
          <div className="space-y-2">
            {start.error && <p role="alert" className="text-sm text-red-700">{start.error}</p>}
            <Button busy={start.pending} onClick={() => void start.run()}>Set up two-step sign-in</Button>
          </div>
        )}
      </CardBody>
    </Card>
  );
}
