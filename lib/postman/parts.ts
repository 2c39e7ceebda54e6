// Pieces every request of a collection is made of.
import type { Operation } from "@/lib/catalog";

export const script = (listen: "test" | "prerequest", exec: string[]) => ({ listen, script: { type: "text/javascript", exec } });

export function url(path: string) {
  return { raw: `{{baseUrl}}${path}`, host: ["{{baseUrl}}"], path: path.split("/").filter(Boolean) };
}

/** A request body with the collection's callback URL and a per-run reference (payout references may never repeat). */
export function collectionBody(op: Operation, example: Record<string, unknown>): string {
  const b = { ...example };
  if ("callbackUrl" in b) b.callbackUrl = "{{callbackUrl}}";
  if (op.referenceField && typeof b[op.referenceField] === "string") b[op.referenceField] = `${String(b[op.referenceField])}-{{runId}}`;
  return JSON.stringify(b, null, 2);
}
