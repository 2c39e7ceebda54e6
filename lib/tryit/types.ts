import type { FloatMet } from "@/lib/activity/float-met";

/** What the try-it route answers: the simulated gateway response, and the callback that would follow. */
export type TryResult = {
  status: number;
  headers: Record<string, string>;
  body: unknown;
  /** The scripted delay the gateway waits before answering. */
  delayMs: number;
  /** x-svc-scenario, or null when the call stopped before a scenario (body and validation errors). */
  scenario: string | null;
  /** A preview's callback: what the portal would post (a preview sends none). Null for a live call, whose callback is really posted. */
  callback: { delayMs: number; url: string | null; body: Record<string, unknown> } | null;
  /**
   * A live call: the app it ran as and its request id in that app's request
   * log (its callback is found from there); a payout's `float`: the float it
   * met, as the log keeps it (null for other calls).
   */
  live?: { appId: string; requestId: string; float: FloatMet | null };
};

import type { RecentResource } from "@/lib/activity/recent-resources";
import type { FieldRow } from "@/lib/docs/fields";

/** What the operation page hands the try-it panel (built by tryItProps). */
export type TryItProps = {
  opId: string;
  fields: FieldRow[];
  /** Path parameters; a resource id's `recent` are the reader's app's newest resources (its menu). */
  params: { name: string; example: string; recent?: RecentResource[] }[];
  example?: Record<string, unknown>;
  scenarios: { key: string; status: number; label: string }[];
};
