// Callback punctuality: N pushes whose callbacks go to a local receiver, each
// callback's lateness measured against its delivery's dueAt in the database.
import type { Db } from "@/lib/db/prisma";
import { startReceiver } from "../tests/helpers/receiver";
import { load, percentile, type Target } from "./load";

export type Punctuality = {
  sent: number;
  received: number;
  duplicates: number;
  pushRps: number;
  p50: number;
  p99: number;
  max: number;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until no delivery of the app is SCHEDULED or SENDING (callbacks of earlier runs are out). */
export async function drain(db: Db, appId: string, timeoutMs = 120_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const left = await db.delivery.count({ where: { appId, state: { in: ["SCHEDULED", "SENDING"] } } });
    if (left === 0 || Date.now() > deadline) return left;
    await sleep(500);
  }
}

/**
 * Sends `count` pushes (at `connections`), then waits for every callback until
 * the last one is due + 15 s. Lateness = receipt time − the delivery's dueAt.
 */
export async function punctuality(
  db: Db,
  origin: string,
  push: (callbackUrl: string) => Target,
  opts: { count: number; connections: number; callbackDelayMs: number },
): Promise<Punctuality> {
  const receiver = await startReceiver();
  try {
    const r = await load(origin, push(`${receiver.url}/punctuality`), opts.connections, { amount: opts.count });
    const sent = r.count;
    const deadline = Date.now() + opts.callbackDelayMs + 15_000;
    while (receiver.received.length < sent && Date.now() < deadline) await sleep(100);
    await sleep(500); // anything extra (a duplicate) shows up too
    const at = new Map<string, number>();
    let duplicates = 0;
    for (const got of receiver.received) {
      const id = String(got.headers["x-svc-delivery"]);
      if (at.has(id)) duplicates++;
      else at.set(id, got.at);
    }
    const rows = await db.delivery.findMany({ where: { id: { in: [...at.keys()] } }, select: { id: true, dueAt: true } });
    const lateness = rows.map((row) => at.get(row.id)! - row.dueAt.getTime()).sort((a, b) => a - b);
    return {
      sent,
      received: rows.length,
      duplicates,
      pushRps: r.rps,
      p50: percentile(lateness, 50),
      p99: percentile(lateness, 99),
      max: lateness.at(-1) ?? NaN,
    };
  } finally {
    await receiver.close();
  }
}
