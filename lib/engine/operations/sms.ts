import type { Builder, Settler, TrackedResource } from "../types";

function settled(messageId: string, to: string, outcome: Record<string, unknown>, at: Date) {
  return outcome.status === "DELIVERED"
    ? { messageId, to, status: "DELIVERED", deliveredAt: at.toISOString() }
    : { messageId, to, status: "FAILED", reason: String(outcome.reason) };
}

export const smsSend: Builder = ({ body, ctx }) => {
  const messageId = ctx.newId("msg");
  return {
    body: { messageId, status: "QUEUED" },
    resource: { id: messageId, reference: null, settlesAt: null, data: { to: body.to } },
  };
};

export const smsSettle: Settler = ({ id, body, outcome, settlesAt }) => {
  const final = settled(id, String(body.to), outcome, settlesAt);
  return { data: { final }, callback: final };
};

/** QUEUED until its callback time (held: until resolved), then its final state. */
export function smsLive(r: TrackedResource, now: Date) {
  const d = r.data as { to: string; final: Record<string, unknown> };
  if (!r.settlesAt || now < r.settlesAt) return { messageId: r.id, to: d.to, status: "QUEUED" };
  return d.final;
}

export const smsGet: Builder = ({ params, outcome, ctx }) => ({
  body: settled(params.messageId, "254712345678", outcome, ctx.now),
});
