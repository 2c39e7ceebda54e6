"use client";
import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { acceptAction, type InviteState } from "../../invite-actions";

export function AcceptForm({ token, team }: { token: string; team: string }) {
  const [state, formAction, pending] = useActionState(acceptAction, {} as InviteState);
  return (
    <form action={formAction} className="space-y-4">
      {state.error && <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">{state.error}</div>}
      <input type="hidden" name="token" value={token} />
      <Button type="submit" busy={pending} className="w-full">Join {team}</Button>
    </form>
  );
}
