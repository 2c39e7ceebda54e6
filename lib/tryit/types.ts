/** What the try-it route answers: the simulated gateway response, and the callback that would follow. */
export type TryResult = {
  status: number;
  headers: Record<string, string>;
  body: unknown;
  /** The scripted delay the sandbox waits before answering. */
  delayMs: number;
  /** x-svc-scenario, or null when the call stopped before a scenario (body and validation errors). */
  scenario: string | null;
  /** The callback the sandbox would post (it is not sent from the try-it panel). */
  callback: { delayMs: number; url: string | null; body: Record<string, unknown> } | null;
};

import type { FieldRow } from "@/lib/docs/fields";

/** What the operation page hands the try-it panel (built by tryItProps). */
export type TryItProps = {
  opId: string;
  fields: FieldRow[];
  params: { name: string; example: string }[];
  example?: Record<string, unknown>;
  scenarios: { key: string; status: number; label: string }[];
};
