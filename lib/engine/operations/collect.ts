import type { Builder, Settler, TrackedResource } from "../types";

const iso = (d: Date) => d.toISOString();

export const collectPush: Builder = ({ body, ctx }) => {
  const checkoutId = ctx.newId("chk");
  const amount = Number(body.amount);
  return {
    body: {
      checkoutId,
      status: "PENDING",
      customerMessage: `Enter your PIN on your phone to pay ${body.currency} ${amount} to ${body.shortCode}.`,
    },
    resource: { id: checkoutId, reference: String(body.reference), settlesAt: null, data: { amount, currency: body.currency } },
  };
};

export const collectSettle: Settler = ({ id, body, outcome, ctx, settlesAt }) => {
  const resultCode = Number(outcome.resultCode);
  const paid = resultCode === 0;
  const receipt = paid ? ctx.newReceipt() : undefined;
  const callback: Record<string, unknown> = { checkoutId: id, reference: body.reference, resultCode, resultDescription: String(outcome.resultDescription) };
  if (paid) Object.assign(callback, { amount: Number(body.amount), receipt, phoneNumber: body.phoneNumber, paidAt: iso(settlesAt) });
  return { data: { resultCode, receipt }, callback };
};

/** The live state of a prompt: PENDING until its callback time (held: until resolved), then COMPLETED or FAILED. */
export function collectLive(r: TrackedResource, now: Date) {
  const d = r.data as { amount: number; resultCode: number; receipt?: string };
  if (!r.settlesAt || now < r.settlesAt) return { checkoutId: r.id, status: "PENDING", amount: d.amount };
  if (d.resultCode === 0) return { checkoutId: r.id, status: "COMPLETED", resultCode: 0, amount: d.amount, receipt: d.receipt };
  return { checkoutId: r.id, status: "FAILED", resultCode: d.resultCode, amount: d.amount };
}

/** Scripted answer for an id the app did not create: checkoutId echoes the path. */
export const collectStatus: Builder = ({ params, outcome, ctx }) => ({
  body: { checkoutId: params.checkoutId, status: outcome.status, resultCode: outcome.resultCode, amount: 100, receipt: ctx.newReceipt() },
});
