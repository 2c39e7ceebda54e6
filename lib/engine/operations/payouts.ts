import type { Builder, Settler, TrackedResource } from "../types";

export const payoutSend: Builder = ({ body, ctx }) => {
  const payoutId = ctx.newId("pay");
  return {
    body: { payoutId, status: "QUEUED" },
    resource: { id: payoutId, reference: String(body.reference), settlesAt: null, data: { amount: Number(body.amount) } },
  };
};

export const payoutSettle: Settler = ({ id, body, outcome, ctx, settlesAt }) => {
  const resultCode = Number(outcome.resultCode);
  const delivered = resultCode === 0;
  const destination = body.destination as { type: string };
  const receipt = delivered ? ctx.newReceipt() : undefined;
  const callback: Record<string, unknown> = {
    payoutId: id,
    reference: body.reference,
    status: delivered ? "DELIVERED" : "FAILED",
    resultCode,
    resultDescription: outcome.resultDescription,
    amount: Number(body.amount),
  };
  if (delivered) {
    Object.assign(callback, { receipt, completedAt: settlesAt.toISOString() });
    if (destination.type === "bank") callback.bankReference = `BNK${ctx.newReceipt()}`;
  }
  return { data: { resultCode, receipt }, callback };
};

/** QUEUED until its callback time (held: until resolved), then DELIVERED or FAILED. */
export function payoutLive(r: TrackedResource, now: Date) {
  const d = r.data as { amount: number; resultCode: number; receipt?: string };
  if (!r.settlesAt || now < r.settlesAt) return { payoutId: r.id, status: "QUEUED", amount: d.amount };
  if (d.resultCode === 0) return { payoutId: r.id, status: "DELIVERED", amount: d.amount, receipt: d.receipt };
  return { payoutId: r.id, status: "FAILED", amount: d.amount };
}

export const payoutStatus: Builder = ({ params, outcome, ctx }) => ({
  body: { payoutId: params.payoutId, status: outcome.status, amount: 100, receipt: ctx.newReceipt() },
});
