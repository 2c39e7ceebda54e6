// One real signed callback, as a receiver got it, for the clients'
// verification helpers: a payout (float_low) posted to a receiver of its own,
// at time scale 0 (its callback due at once, not after the scenario's 2 s).
import { expect } from "vitest";
import { operations } from "@/lib/catalog";
import { exampleBody } from "@/lib/docs/doc-examples";
import { randomBase62 } from "@/lib/ids";
import { ownerOf } from "./owner-view";
import { startReceiver } from "./receiver";
import type { TestApp } from "./apps";

export type RealCallback = { body: string; headers: Record<string, string>; secret: string };

export async function realCallback(app: TestApp): Promise<RealCallback> {
  const rx = await startReceiver();
  try {
    const body = { ...exampleBody(operations.find((o) => o.id === "payouts.send")!), reference: `C-${randomBase62(8)}`, callbackUrl: `${rx.url}/cb` };
    expect((await app.call("POST", "/payouts/v1/send", body, { "x-svc-scenario": "float_low", "x-svc-time-scale": "0" })).status).toBe(202);
    const [got] = await rx.waitFor(1);
    const { signingSecret: secret } = await (await ownerOf(app)).get("/signing-secret");
    return { body: got!.body, headers: got!.headers as Record<string, string>, secret };
  } finally {
    await rx.close();
  }
}
