"use client";
// Passkeys on the Account page (app/api/console/account/passkeys): add one
// under a name (the browser's own prompt, through @simplewebauthn/browser),
// the list with each one's last use, remove. A card of its own, so another
// page (the account's security page) can show it too.
import { browserSupportsWebAuthn, startRegistration, WebAuthnError } from "@simplewebauthn/browser";
import { usePathname } from "next/navigation";
import { useEffect, useState } from "react";
import { signInAgainAction } from "@/app/(auth)/actions";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { ConfirmButton } from "@/components/ui/confirm";
import { sentence } from "@/components/ui/error-text";
import { useFormAction } from "@/components/ui/form-action";
import { Field, Input } from "@/components/ui/input";
import { LocalTime } from "@/components/ui/time";
import { send } from "./api";

export type PasskeyView = { id: string; name: string; createdAt: string; lastUsedAt: string | null; transports: string[] };

export const NO_WEBAUTHN = "This browser cannot use passkeys (it has no WebAuthn). Use a current Chrome, Edge, Firefox or Safari.";

/** What the browser's refusal means to the reader (the prompt closed, the passkey already here…), else the error's own text. */
export function browserRefusal(e: unknown): Error {
  if (e instanceof WebAuthnError && e.code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED") return new Error("This authenticator already holds a passkey of this account.");
  if (e instanceof Error && e.name === "NotAllowedError") return new Error("The passkey prompt was closed or timed out: nothing was done.");
  return e instanceof Error ? e : new Error(String(e));
}

function AddPasskey({ onAdded }: { onAdded: (p: PasskeyView) => void }) {
  const [name, setName] = useState("");
  const add = useFormAction(async () => {
    const optionsJSON = await send<Parameters<typeof startRegistration>[0]["optionsJSON"]>("POST", "/api/console/account/passkeys/options");
    let response: Awaited<ReturnType<typeof startRegistration>>;
    try {
      response = await startRegistration({ optionsJSON });
    } catch (e) {
      throw browserRefusal(e);
    }
    onAdded(await send<PasskeyView>("POST", "/api/console/account/passkeys", { name: name.trim(), response }));
    setName("");
  }, ["name", "response", "session"]);
  const stale = add.fieldError("session");
  return (
    <div className="space-y-3">
      <form className="flex flex-wrap items-end gap-3" {...add.form}>
        <Field label="Name" hint="What tells it apart: the device or password manager it is on." error={add.fieldError("name") ?? add.fieldError("response") ?? add.error ?? undefined}>
          {(p) => <Input {...p} name="name" required maxLength={60} value={name} onChange={(e) => setName(e.target.value)} placeholder="Work laptop" className="w-56" />}
        </Field>
        <Button type="submit" busy={add.pending}>Add a passkey</Button>
      </form>
      {stale && <SignInAgain why={stale} />}
    </div>
  );
}

/** Adding a passkey needs a recent sign-in (lib/services/sessions.ts requireRecentSignIn): why, and the way back here through sign-in. */
function SignInAgain({ why }: { why: string }) {
  const here = usePathname();
  return (
    <form role="alert" action={signInAgainAction.bind(null, here)} className="flex flex-wrap items-center gap-3 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      <span className="min-w-0 flex-1 break-words">{sentence(why).replace(/[^.!?]$/, "$&.")}</span>
      <Button type="submit" variant="secondary">Sign in again</Button>
    </form>
  );
}

function Remove({ passkey, onRemoved }: { passkey: PasskeyView; onRemoved: () => void }) {
  return (
    <ConfirmButton trigger="Remove" triggerLabel={`Remove passkey ${passkey.name}`} title={`Remove the passkey "${passkey.name}"?`} confirmLabel="Remove passkey"
      onConfirm={async () => {
        await send("DELETE", `/api/console/account/passkeys/${encodeURIComponent(passkey.id)}`);
        onRemoved();
      }}>
      <p>It signs in to this account no more. The authenticator may still list it: remove it there too.</p>
    </ConfirmButton>
  );
}

export function PasskeysPanel({ initial }: { initial: PasskeyView[] }) {
  const [passkeys, setPasskeys] = useState(initial);
  // null until mounted: the server cannot tell whether the reader's browser has WebAuthn.
  const [supported, setSupported] = useState<boolean | null>(null);
  useEffect(() => setSupported(browserSupportsWebAuthn()), []);
  const description = passkeys.length
    ? `${passkeys.length === 1 ? "One passkey signs" : `${passkeys.length} passkeys sign`} in to this account alone, without the password: "Sign in with a passkey" on the sign-in page.`
    : "None yet. A passkey signs in alone, without the password, with your device's screen lock or a security key.";
  return (
    <Card>
      <CardHeader title="Passkeys" description={description} />
      <CardBody className="space-y-5">
        {passkeys.length > 0 && (
          <ul className="divide-y divide-slate-200 rounded-md border border-slate-200" aria-label="Your passkeys">
            {passkeys.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-3 py-2.5 text-sm">
                <span className="w-full min-w-0 font-medium break-words text-slate-900 sm:w-auto sm:flex-1">{p.name}</span>
                <span className="text-slate-600">Added <LocalTime value={p.createdAt} /></span>
                <span className="text-slate-600">{p.lastUsedAt ? <>Last used <LocalTime value={p.lastUsedAt} /></> : "Never used"}</span>
                <Remove passkey={p} onRemoved={() => setPasskeys((all) => all.filter((x) => x.id !== p.id))} />
              </li>
            ))}
          </ul>
        )}
        {supported === false ? (
          <p role="status" className="text-sm text-slate-700">{NO_WEBAUTHN}</p>
        ) : (
          <AddPasskey onAdded={(p) => setPasskeys((all) => [p, ...all])} />
        )}
      </CardBody>
    </Card>
  );
}
