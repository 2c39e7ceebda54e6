import type { OperationKind } from "@/lib/catalog";
import type { Builder, TrackedResource } from "../types";
import { collectLive, collectPush, collectStatus } from "./collect";
import { identityGet, identityLive, identityVerify } from "./identity";
import { payoutLive, payoutSend, payoutStatus } from "./payouts";
import { smsGet, smsLive, smsSend } from "./sms";

/** How each operation turns a non-error outcome into bodies: the only per-operation code. */
export const builders: Record<OperationKind, Builder> = {
  "collect.push": collectPush,
  "collect.status": collectStatus,
  "payouts.send": payoutSend,
  "payouts.status": payoutStatus,
  "identity.verify": identityVerify,
  "identity.get": identityGet,
  "sms.send": smsSend,
  "sms.get": smsGet,
};

/** The live state of a tracked resource, by the prefix of its id. */
export const liveViews: Record<"chk" | "pay" | "ver" | "msg", (r: TrackedResource, now: Date) => unknown> = {
  chk: collectLive,
  pay: payoutLive,
  ver: identityLive,
  msg: smsLive,
};
