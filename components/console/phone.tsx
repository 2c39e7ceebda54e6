"use client";
// One held resource drawn as the customer's phone shows it: a payment prompt
// with its PIN pad, a payout, a text message. Its buttons resolve it with the
// operation's scenarios (the same resolve as the developer API's).
import Link from "@/components/ui/link";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { LocalTime } from "@/components/ui/time";
import type { HeldResource } from "@/lib/activity/held-list";
import type { HandsetAnswers } from "@/lib/engine";

export type Resolve = (scenario: string) => Promise<void>;


const s = (v: unknown) => (v === null || v === undefined ? "" : String(v));

function Frame({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <article aria-label={label} className="scheme-fixed mx-auto w-full max-w-[300px] rounded-[2.2rem] border-[9px] border-slate-900 bg-slate-900 shadow-lg">
      <div className="overflow-hidden rounded-[1.6rem] bg-gradient-to-b from-slate-100 to-white">
        <div className="flex items-center justify-between px-5 pt-2 pb-1 text-[11px] font-medium text-slate-600" aria-hidden>
          <span>Sandbox</span>
          <span className="h-4 w-16 rounded-full bg-slate-900" />
          <span>▮▮▮ 87%</span>
        </div>
        <div className="px-4 pt-3 pb-5">{children}</div>
      </div>
    </article>
  );
}

const DOTS = [0, 1, 2, 3];

function PinPad({ pin, setPin, disabled }: { pin: string; setPin: (p: string) => void; disabled: boolean }) {
  const keys = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "⌫", "0", "C"];
  return (
    <div className="mt-3">
      <output aria-label="PIN entered" className="flex h-6 items-center justify-center gap-2" data-testid="pin-dots">
        {DOTS.map((n) => (
          <span key={n} className={cn("size-2.5 rounded-full border border-slate-400", n < pin.length && "border-slate-900 bg-slate-900")} />
        ))}
      </output>
      <fieldset className="mt-2 grid grid-cols-3 gap-1.5">
        <legend className="sr-only">PIN pad</legend>
        {keys.map((k) => (
          <button
            key={k}
            type="button"
            disabled={disabled}
            aria-label={k === "⌫" ? "Delete a digit" : k === "C" ? "Clear the PIN" : k}
            onClick={() => setPin(k === "⌫" ? pin.slice(0, -1) : k === "C" ? "" : (pin + k).slice(0, 4))}
            className="h-10 rounded-lg bg-white text-base font-medium text-slate-800 shadow-xs ring-1 ring-slate-200 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-50"
          >
            {k}
          </button>
        ))}
      </fieldset>
    </div>
  );
}

/** The outcomes not on a button of their own. */
function MoreOutcomes({ outcomes, onPick, disabled }: { outcomes: HeldResource["outcomes"]; onPick: Resolve; disabled: boolean }) {
  if (!outcomes.length) return null;
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer text-slate-600 hover:text-slate-900">More outcomes</summary>
      <ul className="mt-2 space-y-1.5">
        {outcomes.map((o) => (
          <li key={o.key}>
            <Button size="sm" variant="secondary" disabled={disabled} onClick={() => onPick(o.key)} title={o.summary} className="w-full justify-start">
              {o.key}
            </Button>
          </li>
        ))}
      </ul>
    </details>
  );
}

type PhoneProps = { r: HeldResource; answers: HandsetAnswers; busy: boolean; onPick: Resolve };

function Prompt({ r, answers: { buttons, more, ignore }, busy, onPick }: PhoneProps) {
  const [pin, setPin] = useState("");
  // The customer's answers, the default (the PIN's confirm) on the right as on a phone; the other outcomes in "More outcomes".
  const answers = [...buttons.filter((b) => !b.primary), ...buttons.filter((b) => b.primary)];
  const others = r.outcomes.filter((o) => more.includes(o.key));
  return (
    <>
      <p className="text-[11px] font-semibold tracking-wide text-emerald-700 uppercase">Payment request</p>
      <p className="mt-1 text-3xl font-semibold tracking-tight text-slate-900">{s(r.request.currency)} {s(r.request.amount)}</p>
      <p className="text-sm text-slate-700">to till <span className="font-mono">{s(r.request.shortCode)}</span></p>
      <p className="mt-2 rounded-md bg-white px-3 py-2 text-sm text-slate-800 ring-1 ring-slate-200">{s(r.accepted.customerMessage)}</p>
      <p className="mt-1 truncate text-xs text-slate-500">Ref {s(r.request.reference)} · {s(r.request.phoneNumber)}</p>
      <PinPad pin={pin} setPin={setPin} disabled={busy} />
      <div className="mt-3 grid grid-cols-2 gap-2">
        {answers.map((a) => (
          <Button key={a.key} variant={a.primary ? "primary" : "secondary"} busy={busy} onClick={() => onPick(a.key)}>{a.label}</Button>
        ))}
      </div>
      {ignore && (
        <Button variant="ghost" size="sm" className="mt-1 w-full" disabled={busy} onClick={() => onPick(ignore)} title={`Let the prompt time out (${ignore})`}>Ignore</Button>
      )}
      <MoreOutcomes outcomes={others} onPick={onPick} disabled={busy} />
    </>
  );
}

function Other({ r, answers: { buttons }, busy, onPick }: PhoneProps) {
  const sms = r.operationId === "sms.send";
  const destination = r.request.destination as { type?: string; phoneNumber?: string; accountNumber?: string } | undefined;
  return (
    <>
      <p className="text-[11px] font-semibold tracking-wide text-sky-700 uppercase">{sms ? `Message from ${s(r.request.senderId)}` : "Incoming payout"}</p>
      {sms ? (
        <p className="mt-2 rounded-2xl rounded-tl-sm bg-white px-3 py-2 text-sm text-slate-800 ring-1 ring-slate-200">{s(r.request.message)}</p>
      ) : (
        <>
          <p className="mt-1 text-3xl font-semibold tracking-tight text-slate-900">{s(r.request.currency)} {s(r.request.amount)}</p>
          <p className="text-sm text-slate-700">to {destination?.type === "bank" ? `account ${s(destination.accountNumber)}` : s(destination?.phoneNumber)}</p>
        </>
      )}
      <p className="mt-1 truncate text-xs text-slate-500">{sms ? `To ${s(r.request.to)}` : `Ref ${s(r.request.reference)}`} · {r.accepted.status as string}</p>
      <div className="mt-3 grid gap-2">
        {r.outcomes.map((o) => {
          const b = buttons.find((x) => x.key === o.key);
          return (
            <Button key={o.key} variant={b?.primary ? "primary" : "secondary"} busy={busy} title={o.summary} onClick={() => onPick(o.key)}>
              {b?.label ?? o.key}
            </Button>
          );
        })}
      </div>
    </>
  );
}

const WHAT: Record<string, string> = { "collect.push": "Payment prompt", "payouts.send": "Payout", "sms.send": "Message" };

/** `answers`: the buttons of its operation (lib/engine/hold.ts `handsetAnswers`, from the catalog). */
export function Phone({ appId, r, answers, onResolve }: { appId: string; r: HeldResource; answers: HandsetAnswers; onResolve: Resolve }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pick: Resolve = async (scenario) => {
    setBusy(true);
    setError(null);
    try {
      await onResolve(scenario);
    } catch (e) {
      setError(e instanceof Error ? e.message : "Not resolved.");
      setBusy(false);
    }
  };
  return (
    <li className="space-y-2">
      <Frame label={`${WHAT[r.operationId] ?? r.operationId} ${r.id}`}>
        {r.operationId === "collect.push" ? <Prompt r={r} answers={answers} busy={busy} onPick={pick} /> : <Other r={r} answers={answers} busy={busy} onPick={pick} />}
        {error && <p role="alert" className="mt-2 text-xs text-red-700">{error}</p>}
      </Frame>
      <p className="text-center text-xs text-slate-500">
        Held <LocalTime value={r.heldAt} />
        {r.expires && <> · becomes {r.expires.scenarioKey} at <LocalTime value={r.expires.at} /></>}
        {" · "}<Link className="text-indigo-700 underline" href={`/apps/${appId}/resources/${r.id}`}>Timeline</Link>
      </p>
    </li>
  );
}
