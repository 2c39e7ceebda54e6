"use client";
import { useEffect, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { Button } from "./button";
import { FormMessage, useFormAction } from "./form-action";
import { inputClass } from "./input";

type Props = {
  /** The button that opens the dialog. */
  trigger: string;
  /** An accessible name for the trigger when its text alone is ambiguous (one per table row). */
  triggerLabel?: string;
  title: string;
  children: React.ReactNode;
  confirmLabel: string;
  /** Gets the reason typed in the dialog when `reason` is set. */
  onConfirm: (reason: string) => Promise<void>;
  variant?: "danger" | "secondary" | "primary";
  size?: "sm" | "md";
  /** Asks for a reason in a text area (shown to whoever the decision concerns). */
  reason?: { label: string; required?: boolean };
};

/**
 * A button that asks first, in a modal dialog (Escape or Cancel closes it).
 * The dialog is rendered into <body>, so a table cell's alignment and
 * no-wrap never reach it.
 */
export function ConfirmButton({ trigger, triggerLabel, title, children, confirmLabel, onConfirm, variant = "danger", size = "sm", reason }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [mounted, setMounted] = useState(false);
  const [text, setText] = useState("");
  useEffect(() => setMounted(true), []);
  const close = () => ref.current?.close();
  const triggerVariant = variant === "danger" ? "dangerOutline" : variant;
  const action = useFormAction(async () => {
    if (reason?.required && !text.trim()) throw new Error(`${reason.label} is required.`);
    await onConfirm(text.trim());
    close();
  });
  const dialog = (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-lg border border-slate-200 p-0 text-left whitespace-normal text-slate-700 shadow-xl backdrop:bg-slate-900/40"
    >
      <div className="p-5">
        <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">{title}</h2>
        <div id={`${id}-body`} className="mt-2 text-sm break-words text-slate-600">{children}</div>
        {reason && (
          <div className="mt-4 space-y-1.5">
            <label htmlFor={`${id}-reason`} className="block text-sm font-medium text-slate-800">
              {reason.label}{!reason.required && <span className="font-normal text-slate-500"> (optional)</span>}
            </label>
            <textarea id={`${id}-reason`} rows={3} maxLength={500} value={text} onChange={(e) => { setText(e.target.value); action.reset(); }} className={inputClass} />
          </div>
        )}
        <FormMessage error={action.error} className="mt-3" />
      </div>
      <div className="flex flex-wrap justify-end gap-2 rounded-b-lg border-t border-slate-100 bg-slate-50 px-5 py-3">
        <Button variant="secondary" onClick={close}>Cancel</Button>
        <Button variant={variant === "danger" ? "danger" : "primary"} busy={action.pending} onClick={() => void action.run()}>{confirmLabel}</Button>
      </div>
    </dialog>
  );
  return (
    <>
      <Button
        variant={triggerVariant}
        size={size}
        aria-label={triggerLabel}
        onClick={() => { action.reset(); setText(""); ref.current?.showModal(); }}
      >
        {trigger}
      </Button>
      {mounted && createPortal(dialog, document.body)}
    </>
  );
}
