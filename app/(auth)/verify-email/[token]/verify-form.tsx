"use client";
import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { type VerifyState, verifyAction } from "../../verify-actions";

export function VerifyForm({ token }: { token: string }) {
  const [state, formAction, pending] = useActionState(verifyAction, {} as VerifyState);
  return (
    <form action={formAction} className="space-y-4">
      <input type="hidden" name="token" value={token} />
      {state.error && <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">{state.error}</div>}
      <Button type="submit" className="w-full" busy={pending}>Verify my email</Button>
    </form>
  );
}
