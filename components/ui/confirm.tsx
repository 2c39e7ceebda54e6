"use client";
import { useRef, useState } from "react";
import { Button } from "./button";

type Props = {
  /** The button that opens the dialog. */
  trigger: string;
  title: string;
  children: React.ReactNode;
  confirmLabel: string;
  onConfirm: () => Promise<void>;
  variant?: "danger" | "secondary";
  size?: "sm" | "md";
};

/** A button that asks first, in a modal dialog (Escape or Cancel closes it). */
export function ConfirmButton({ trigger, title, children, confirmLabel, onConfirm, variant = "danger", size = "sm" }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => ref.current?.close();
  return (
    <>
      <Button variant={variant === "danger" ? "dangerOutline" : variant} size={size} onClick={() => { setError(null); ref.current?.showModal(); }}>
        {trigger}
      </Button>
      <dialog
        ref={ref}
        aria-labelledby="confirm-title"
        className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-lg border border-slate-200 p-0 shadow-xl backdrop:bg-slate-900/40"
      >
        <div className="p-5">
          <h2 id="confirm-title" className="text-base font-semibold text-slate-900">{title}</h2>
          <div className="mt-2 text-sm text-slate-600">{children}</div>
          {error && <p role="alert" className="mt-3 text-sm font-medium text-red-600">{error}</p>}
        </div>
        <div className="flex justify-end gap-2 rounded-b-lg border-t border-slate-100 bg-slate-50 px-5 py-3">
          <Button variant="secondary" onClick={close}>Cancel</Button>
          <Button
            variant={variant === "danger" ? "danger" : "primary"}
            busy={busy}
            onClick={async () => {
              setBusy(true);
              try {
                await onConfirm();
                close();
              } catch (e) {
                setError(e instanceof Error ? e.message : "That did not work.");
              } finally {
                setBusy(false);
              }
            }}
          >
            {confirmLabel}
          </Button>
        </div>
      </dialog>
    </>
  );
}
