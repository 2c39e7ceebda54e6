"use client";
// "Sign in with a passkey" (lib/services/passkeys.ts): options naming no
// account, the browser's passkey prompt (@simplewebauthn/browser), then the
// answer to Auth.js's `passkey` provider through a server action. Without
// WebAuthn in the browser the button is disabled and says why.
import { browserSupportsWebAuthn, startAuthentication } from "@simplewebauthn/browser";
import { useEffect, useId, useState } from "react";
import { browserRefusal, NO_WEBAUTHN } from "@/components/console/passkeys-panel";
import { send } from "@/components/console/api";
import { Button } from "@/components/ui/button";
import { errorText } from "@/components/ui/error-text";
import { passkeySignInAction } from "./actions";

export function PasskeySignIn({ next }: { next?: string }) {
  const id = useId();
  const [supported, setSupported] = useState<boolean | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => setSupported(browserSupportsWebAuthn()), []);
  async function signInWithPasskey() {
    setBusy(true);
    setError(null);
    try {
      const optionsJSON = await send<Parameters<typeof startAuthentication>[0]["optionsJSON"]>("POST", "/api/console/passkey-signin");
      let response: Awaited<ReturnType<typeof startAuthentication>>;
      try {
        response = await startAuthentication({ optionsJSON });
      } catch (e) {
        throw browserRefusal(e);
      }
      // Signed in: the action redirects (and this component goes with the page).
      const refused = await passkeySignInAction(JSON.stringify(response), next);
      if (refused?.error) setError(refused.error);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="space-y-2">
      {error && <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">{error}</p>}
      <Button variant="secondary" className="w-full" busy={busy} disabled={supported === false} aria-describedby={supported === false ? `${id}-why` : undefined} onClick={() => void signInWithPasskey()}>
        Sign in with a passkey
      </Button>
      {supported === false && <p id={`${id}-why`} className="text-sm text-slate-600">{NO_WEBAUTHN}</p>}
    </div>
  );
}
