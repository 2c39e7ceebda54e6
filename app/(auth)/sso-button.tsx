"use client";
// "Sign in with <OIDC_NAME>": Auth.js's sign-in endpoint for `oidc` (lib/auth/index.ts) through its client,
// which posts to /api/auth/signin/oidc with the CSRF token and goes where it answers: the provider.
import { signIn } from "next-auth/react";
import { useState } from "react";
import { Button } from "@/components/ui/button";

export function SsoButton({ name, next }: { name: string; next?: string }) {
  const [busy, setBusy] = useState(false);
  const start = () => {
    setBusy(true);
    signIn("oidc", { redirectTo: next ?? "/apps" }).catch(() => setBusy(false));
  };
  return <Button type="button" variant="secondary" className="w-full" busy={busy} onClick={start}>{`Sign in with ${name}`}</Button>;
}
