import type { Builder, TrackedResource } from "../types";

export const identityVerify: Builder = ({ body, outcome, ctx }) => {
  const verification = {
    verificationId: ctx.newId("ver"),
    idNumber: String(body.idNumber),
    status: String(outcome.status),
    checkedAt: ctx.now.toISOString(),
  };
  return {
    body: verification,
    resource: { id: verification.verificationId, reference: null, settlesAt: null, data: verification },
  };
};

export function identityLive(r: TrackedResource) {
  return r.data;
}

export const identityGet: Builder = ({ params, outcome, ctx }) => ({
  body: { verificationId: params.verificationId, idNumber: "12345678", status: outcome.status, checkedAt: ctx.now.toISOString() },
});
