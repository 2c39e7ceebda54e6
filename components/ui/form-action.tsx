"use client";
// The one way a console form, or a button that writes, runs its submit: pending
// while it runs (one run at a time), what failed — under the field the route
// named, or for the whole form — and "saved" for a few seconds after it worked.
// ARCHITECTURE.md (Console) says which forms use it: all of them. A form whose
// fields differ from what is saved also calls useLeaveWarning.
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { cn } from "./cn";
import { errorText, fieldIssues } from "./error-text";

/** How long `saved` stays true after a success. */
const SAVED_MS = 4000;

type Failure<F extends string> = { error: string | null; fields: Partial<Record<F, string>> };
type FormProps = { onSubmit: (e: React.FormEvent<HTMLFormElement>) => void; onChange: () => void };

export type FormAction<A extends unknown[], F extends string> = {
  /** Runs the action (not while it already runs): true when it worked, false when it failed. */
  run: (...args: A) => Promise<boolean>;
  /**
   * For `<form {...action.form}>`: submitting runs the action with the form's
   * fields as FormData (no page load); editing a field clears what the last run said.
   */
  form: A extends [] | [FormData] ? FormProps : never;
  /**
   * The action runs, or the page is not live yet: its server-rendered HTML is on screen and React has not
   * taken it over, so a submit would be the browser's own (a reload that loses what was typed, the fields in
   * the address). The submit button shows busy until then.
   */
  pending: boolean;
  /** The action runs (what a form's text says: "Running…"), live or not. */
  running: boolean;
  /** The failure for the whole form: one that names none of the form's `fields`. */
  error: string | null;
  /** The failure the route named this field for. */
  fieldError: (field: F) => string | undefined;
  /** True for a few seconds after the action worked. */
  saved: boolean;
  /** The form was edited: what its last submit said no longer applies. */
  reset: () => void;
};

/**
 * `action` usually calls `send` (components/console/api.ts) and then updates
 * what the page shows; it throws to fail. `fields` are the form's fields that a
 * route's error may name (the body's `details`): their messages go to
 * `fieldError`, any other failure to `error`.
 */
export function useFormAction<A extends unknown[], F extends string = never>(
  action: (...args: A) => Promise<unknown>,
  fields: readonly F[] = [],
): FormAction<A, F> {
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<Failure<F> | null>(null);
  const [saved, setSaved] = useState(false);
  const running = useRef(false);
  const live = useLive();
  useEffect(() => {
    if (!saved) return;
    const t = setTimeout(() => setSaved(false), SAVED_MS);
    return () => clearTimeout(t);
  }, [saved]);

  const reset = () => {
    setFailure(null);
    setSaved(false);
  };
  const run = async (...args: A) => {
    if (running.current) return false;
    running.current = true;
    setPending(true);
    reset();
    try {
      await action(...args);
      setSaved(true);
      return true;
    } catch (e) {
      const named = fieldIssues(e).filter((i) => (fields as readonly string[]).includes(i.field));
      setFailure({ error: named.length ? null : errorText(e), fields: Object.fromEntries(named.map((i) => [i.field, i.message])) as Failure<F>["fields"] });
      return false;
    } finally {
      running.current = false;
      setPending(false);
    }
  };
  const form: FormProps = {
    onSubmit: (e) => {
      e.preventDefault();
      void run(...([new FormData(e.currentTarget)] as A));
    },
    onChange: reset,
  };
  return {
    run, pending: pending || !live, running: pending, saved, reset,
    form: form as FormAction<A, F>["form"],
    error: failure?.error ?? null,
    fieldError: (field) => failure?.fields[field],
  };
}

const noChanges = () => () => {};
/** False while the page is the server's HTML (before hydration), true once React runs it. */
function useLive() {
  return useSyncExternalStore(noChanges, () => true, () => false);
}

/** What leaving a form with unsaved changes asks. */
export const LEAVE_QUESTION = "You have unsaved changes. Leave without saving?";

/**
 * While `dirty` (the form's fields differ from what is saved), leaving the page
 * asks first: a reload or closing the tab through the browser's own prompt, a
 * click on a link to another page of the portal through a confirm.
 */
export function useLeaveWarning(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return;
    const onUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    const onClick = (e: MouseEvent) => {
      const a = (e.target as Element | null)?.closest?.("a[href]");
      if (!(a instanceof HTMLAnchorElement) || a.target === "_blank" || e.defaultPrevented) return;
      const to = new URL(a.href, location.href);
      if (to.pathname === location.pathname && to.search === location.search) return;
      if (!window.confirm(LEAVE_QUESTION)) {
        e.preventDefault();
        e.stopPropagation();
      }
    };
    window.addEventListener("beforeunload", onUnload);
    document.addEventListener("click", onClick, true);
    return () => {
      window.removeEventListener("beforeunload", onUnload);
      document.removeEventListener("click", onClick, true);
    };
  }, [dirty]);
}

/** "Unsaved changes" beside a form whose fields differ from what is saved. */
export function Unsaved() {
  return <span className="font-medium text-amber-700">Unsaved changes — press Save to apply.</span>;
}

/** "Saved." (or what else success says), for a field's hint or a form's line; announced to screen readers. */
export function Saved({ children = "Saved." }: { children?: React.ReactNode }) {
  return <span role="status" className="font-medium text-emerald-700">{children}</span>;
}

/** A form's line under its controls: the failure for the whole form, else what success said (`saved`), else nothing. */
export function FormMessage({ error, saved, className }: { error: string | null; saved?: React.ReactNode; className?: string }) {
  if (error) return <p role="alert" className={cn("text-sm font-medium text-red-700", className)}>{error}</p>;
  if (saved) return <p className={cn("text-sm", className)}><Saved>{saved}</Saved></p>;
  return null;
}
