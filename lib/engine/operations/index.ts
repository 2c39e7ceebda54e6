import type { OperationKind } from "@/lib/catalog";
import type { Builder, Settler, TrackedResource } from "../types";
import { collectLive, collectPush, collectSettle, collectStatus } from "./collect";
import { identityGet, identityLive, identityVerify } from "./identity";
import { payoutLive, payoutSend, payoutSettle, payoutStatus } from "./payouts";
import { smsGet, smsLive, smsSend, smsSettle } from "./sms";

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

/** The outcome's part of the operations that call back: run at the call, or when a held resource is resolved. */
export const settlers: Partial<Record<OperationKind, Settler>> = {
  "collect.push": collectSettle,
  "payouts.send": payoutSettle,
  "sms.send": smsSettle,
};

/** The live state of a tracked resource, by the prefix of its id. */
export const liveViews: Record<"chk" | "pay" | "ver" | "msg", (r: TrackedResource, now: Date) => unknown> = {
  chk: collectLive,
  pay: payoutLive,
  ver: identityLive,
  msg: smsLive,
};
