// What a call leaves behind, written in one transaction: the resource, the
// scheduled callback and the request-log row.
import { deliveryCreate, notifyScheduled } from "@/lib/callbacks";
import type { Db } from "@/lib/db/client";
import type { CallState, GatewayResult } from "./context";
import { logCreate, pruneLog } from "./request-log";

export async function persist(db: Db, s: CallState, result: GatewayResult, durationMs: number): Promise<void> {
  if (!s.app) return; // refused before the token check: not logged
  const a = s.answer;
  const writes = [];
  if (a?.resource) {
    writes.push(db.resource.create({
      data: {
        id: a.resource.id,
        appId: s.app.id,
        operationId: a.operation.id,
        reference: a.resource.reference,
        scenarioKey: a.scenario.key,
        settlesAt: a.resource.settlesAt,
        data: JSON.stringify(a.resource.data),
        createdAt: s.receivedAt,
      },
    }));
  }
  if (a?.callback) {
    writes.push(deliveryCreate(db, {
      appId: s.app.id,
      resourceId: a.resource?.id ?? null,
      operationId: a.operation.id,
      scenarioKey: a.scenario.key,
      url: a.callback.url,
      dueAt: a.callback.dueAt,
      body: a.callback.body,
    }));
  }
  writes.push(logCreate(db, s, result, durationMs));
  await db.$transaction(writes);
  if (a?.callback) notifyScheduled(a.callback.dueAt);
  await pruneLog(db, s.app.id);
}
