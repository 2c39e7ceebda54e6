// What to do about a callback that failed: about the delivery (the developer's
// server or address), never about the payment the callback reports.
import Link from "@/components/ui/link";

export function DeliveryAdvice({ d }: { d: { id: string; state: string; url: string | null; lastStatus: number | null; lastError: string | null; attempts: number } }) {
  if (d.state !== "FAILED") return null;
  const answered = d.lastStatus !== null;
  return (
    <div role="note" aria-label="Why this callback failed" className="rounded-md border border-rose-200 bg-rose-50 px-3 py-2 text-sm text-rose-950">
      <p>
        <span className="font-medium">Not delivered</span> after {d.attempts === 1 ? "one attempt" : `${d.attempts} attempts`}:{" "}
        {answered ? `your server answered ${d.lastStatus} (a callback counts as delivered on a 2xx).` : `the sandbox could not reach ${d.url ?? "the address"}.`}
      </p>
      <p className="mt-0.5">
        <span className="font-medium">What to do:</span>{" "}
        {answered
          ? `find this delivery in your server's log by its X-Svc-Delivery header (${d.id}), fix what made it answer ${d.lastStatus}, then press Send it again.`
          : "check that the address is right and your server is running and reachable from the sandbox (a hosted portal reaches public addresses only; use the listen command for a server on your machine), then press Send it again."}{" "}
        <Link href="/docs/callbacks" className="font-medium text-indigo-800 underline">Callbacks docs</Link>
      </p>
    </div>
  );
}
