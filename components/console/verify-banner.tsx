"use client";
// The console's banner for an account whose email is not verified yet (when that is
// required: lib/services/verification.ts): why nothing can be changed, and "send the link again".
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useFormAction } from "@/components/ui/form-action";
import { send } from "./api";

export function VerifyBanner({ email }: { email: string }) {
  const [sent, setSent] = useState(false);
  const resend = useFormAction(async () => {
    await send("POST", "/api/console/account/verification");
    setSent(true);
  });
  return (
    <div role="region" aria-label="Email not verified" className="border-b border-amber-200 bg-amber-50">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 text-sm text-amber-900 sm:px-6">
        <p className="min-w-0 flex-1 basis-72 break-words">
          <strong className="font-semibold">Verify your email to make changes.</strong> We mailed a link to {email}; until you follow it you can
          read everything but not create or change apps, keys or settings.
        </p>
        <div className="flex items-center gap-3">
          <Button variant="secondary" size="sm" busy={resend.pending} onClick={() => void resend.run()}>Send the link again</Button>
          <span role="status" className="text-amber-900">{resend.error ?? (sent ? "Sent: check your inbox for a new link." : "")}</span>
        </div>
      </div>
    </div>
  );
}
