"use client";
import { useState } from "react";
import { useSWRConfig } from "swr";
import { Card, CardHeader } from "@/components/ui/card";
import { ConfirmButton } from "@/components/ui/confirm";
import { appUrl, send } from "./api";

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

type Result = { deleted: { resources: number; deliveries: number; requestLog: number; inbox: number } };

/** The danger zone's "Reset sandbox data": what a test suite does before it starts (POST {base_url}/dev/v1/reset). */
export function ResetApp({ appId, name }: { appId: string; name: string }) {
  const { mutate } = useSWRConfig();
  const [done, setDone] = useState<Result | null>(null);
  return (
    <Card className="border-red-200">
      <CardHeader
        title="Reset sandbox data"
        description="Deletes this app's prompts, payouts, verifications and messages, its callbacks and their attempts, request log and inspector inbox. Keys, subscriptions and settings stay."
        actions={
          <ConfirmButton
            trigger="Reset data"
            title={`Reset ${name}'s sandbox data?`}
            confirmLabel="Reset data"
            onConfirm={async () => {
              setDone(await send<Result>("POST", appUrl(appId, "/reset")));
              await mutate((key) => typeof key === "string" && key.startsWith(appUrl(appId)));
            }}
          >
            This cannot be undone. Your keys keep working, and a test suite can start from a clean sandbox; the API does the same with <code className="font-mono">POST /dev/v1/reset</code>.
          </ConfirmButton>
        }
      />
      {done && (
        <p role="status" className="px-5 py-3 text-sm text-slate-700">
          Reset: {count(done.deleted.resources, "resource")}, {count(done.deleted.deliveries, "callback")}, {count(done.deleted.requestLog, "logged call")} and {count(done.deleted.inbox, "inbox entry", "inbox entries")} deleted.
        </p>
      )}
    </Card>
  );
}
