"use client";
// What the reader's role lets them do on an app's pages, as the role rule
// (lib/services/access.ts `refusal`) said it for them on the server: the app
// layout provides it, and every control that writes sits in `<Writes>`, which
// disables it (a disabled fieldset) with the rule's reason when the role may
// not. No component decides a role's rights itself.
import { createContext, useContext } from "react";
import { cn } from "@/components/ui/cn";
import { sentence } from "@/components/ui/error-text";
import type { Action } from "@/lib/services/access";

/** Why the reader may not (the 403's message), or null when they may. */
export type Permissions = Partial<Record<Action, string | null>>;

const PermissionsContext = createContext<Permissions>({});

export function PermissionsProvider({ value, children }: { value: Permissions; children: React.ReactNode }) {
  return <PermissionsContext value={value}>{children}</PermissionsContext>;
}

/** The reason the reader may not do `action` here, or null (outside a provider: null, the route still decides). */
export function useRefusal(action: Action = "app.write"): string | null {
  return useContext(PermissionsContext)[action] ?? null;
}

/** The reason as a sentence: "A viewer of this team may not change this app." (a server component writes `${sentence(why)}.` itself: this file is the client's). */
export const reasonText = (why: string) => `${sentence(why)}.`;

/**
 * Controls that do `action` (default: change the app). For a role that may not,
 * they stay in view, disabled, with the reason on hover and, with `note`, written under them.
 */
export function Writes({ action = "app.write", note = false, className, children }: { action?: Action; note?: boolean; className?: string; children: React.ReactNode }) {
  const why = useRefusal(action);
  if (!why) return <>{children}</>;
  return (
    <fieldset disabled title={reasonText(why)} className={cn("min-w-0", className)}>
      {children}
      {note && <p className="mt-2 text-xs text-slate-600">{reasonText(why)}</p>}
    </fieldset>
  );
}
