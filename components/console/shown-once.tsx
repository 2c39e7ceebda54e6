"use client";
// Secrets the console shows once (a new key pair's, a new throwaway sandbox's):
// the keyboard lands on the panel when it appears; "I have saved …" takes the
// panel away and puts the keyboard on what was made, in its list (`then`).
import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { CopyField } from "@/components/ui/copy-button";

export type ShownValue = { label: string; value: string; what: string };

/** How long secrets wait for their list's reload before they show anyway (a slow reload must not hold them back). */
const RELOAD_WAIT_MS = 2_000;

/** Waits for `reload` (the list that will hold what was made), at most RELOAD_WAIT_MS. */
export const reloadedOrLate = (reload: Promise<unknown>) =>
  Promise.race([reload.catch(() => undefined), new Promise<void>((r) => setTimeout(r, RELOAD_WAIT_MS))]);

export function ShownOnce({ title, warning, values, children, done, onDone, then }: {
  title: string;
  warning: React.ReactNode;
  values: ShownValue[];
  children?: React.ReactNode;
  /** The dismiss button's words. */
  done: string;
  onDone: () => void;
  /** Where the keyboard goes after dismissing: the made thing in its list (null: not there, so nothing is moved). */
  then: () => HTMLElement | null;
}) {
  const panel = useRef<HTMLElement>(null);
  useEffect(() => panel.current?.focus(), []);
  const id = `shown-once-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section ref={panel} tabIndex={-1} aria-labelledby={id} className="rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 border border-amber-300 bg-amber-50/60 p-5 shadow-xs">
      <h2 id={id} className="text-base font-semibold text-slate-900">{title}</h2>
      <p role="alert" className="mt-1 text-sm text-amber-900">{warning}</p>
      <dl className="mt-4 space-y-3">
        {values.map((v) => (
          <div key={v.label}>
            <dt className="mb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">{v.label}</dt>
            <dd><CopyField value={v.value} what={v.what} /></dd>
          </div>
        ))}
        {children}
      </dl>
      <div className="mt-4 flex justify-end">
        <Button
          variant="secondary"
          onClick={() => {
            // Focus first: the button leaves with the panel, and the keyboard would fall to the page's top.
            then()?.focus();
            onDone();
          }}
        >
          {done}
        </Button>
      </div>
    </section>
  );
}
