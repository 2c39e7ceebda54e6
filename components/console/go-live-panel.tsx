"use client";
// The Go-live tab: the checklist, the receiver checks, the client checks and signature explain.
import { ClientChecks } from "./client-checks";
import { GoLiveChecklist } from "./go-live-checklist";
import { ReceiverChecks } from "./receiver-checks";
import { SignatureExplain } from "./signature-explain";
import { Writes } from "./permission";

export type GoLiveProps = {
  appId: string;
  callbackUrl: string | null;
  inspectorUrl: string;
  /** The operations that call back, for "Callback of". */
  operations: { id: string; label: string }[];
  /** Each operation's docs page, by id. */
  docs: Record<string, string>;
};

export function GoLivePanel({ appId, callbackUrl, inspectorUrl, operations, docs }: GoLiveProps) {
  return (
    <div className="space-y-6">
      <GoLiveChecklist appId={appId} docs={docs} />
      <section id="receiver-checks" aria-label="Receiver checks" className="scroll-mt-20">
        <Writes note><ReceiverChecks appId={appId} callbackUrl={callbackUrl} inspectorUrl={inspectorUrl} operations={operations} /></Writes>
      </section>
      <section id="client-checks" aria-label="Client checks" className="scroll-mt-20">
        <ClientChecks appId={appId} />
      </section>
      <section id="explain" aria-label="Signature explain" className="scroll-mt-20">
        <Writes note><SignatureExplain appId={appId} /></Writes>
      </section>
    </div>
  );
}
