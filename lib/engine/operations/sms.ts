import type { Builder, TrackedResource } from "../types";

function settled(messageId: string, to: string, outcome: Record<string, unknown>, at: Date) {
  return outcome.status === "DELIVERED"
    ? { messageId, to, status: "DELIVERED", deliveredAt: at.toISOString() }
    : { messageId, to, status: "FAILED", reason: String(outcome.reason) };
}

export const smsSend: Builder = ({ body, outcome, ctx, settlesAt }) => {
  const messageId = ctx.newId("msg");
  const final = settled(messageId, String(body.to), outcome, settlesAt);
  return {
    body: { messageId, status: "QUEUED" },
    resource: { id: messageId, reference: null, settlesAt, data: { to: body.to, final } },
    callback: final,
  };
};

export function smsLive(r: TrackedResource, now: Date) {
  const d = r.data as { to: string; final: Record<string, unknown> };
  if (r.settlesAt && now < r.settlesAt) return { messageId: r.id, to: d.to, status: "QUEUED" };
  return d.final;
}

export const smsGet: Builder = ({ params, outcome, ctx }) => ({
  body: settled(params.messageId, "254712345678", outcome, ctx.now),
});
