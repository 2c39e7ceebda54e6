import { z } from "zod";
import { CURRENCIES, httpUrl, integer, oneOf, pathId, phone, text } from "./fields";

const mobileDestination = z.object({
  type: z.literal("mobile"),
  phoneNumber: phone("destination.phoneNumber", "Required when type is mobile."),
});

const bankDestination = z.object({
  type: z.literal("bank"),
  bankCode: text("destination.bankCode", { max: 11, description: "Required when type is bank.", example: "01" }),
  accountNumber: text("destination.accountNumber", { max: 34, description: "Required when type is bank.", example: "0123456789" }),
});

export const payoutDestination = z.discriminatedUnion("type", [mobileDestination, bankDestination], {
  error: (iss) =>
    iss.input === undefined ? "destination is required" : "destination.type must be one of mobile, bank",
});

export const PAYOUT_REASONS = ["Salary", "Supplier", "Refund", "Commission", "Other"] as const;

export const payoutSendRequest = z.object({
  amount: integer("amount", { min: 10, description: "Whole currency units.", example: 500 }),
  currency: oneOf("currency", CURRENCIES),
  destination: payoutDestination,
  reference: text("reference", { max: 32, description: "Unique per payout: a reused reference answers 409.", example: "PAYOUT-2001" }),
  reason: oneOf("reason", PAYOUT_REASONS).optional(),
  callbackUrl: httpUrl("callbackUrl", "Where the result is posted."),
});

export const payoutStatusParams = z.object({
  payoutId: pathId("payoutId", "The id returned by send.", "pay_3kTMd9qLw0vYx2pZbR7cNe"),
});

export const payoutAccepted = z.object({ payoutId: z.string(), status: z.literal("QUEUED") });

export const payoutStatus = z.object({
  payoutId: z.string(),
  status: z.enum(["QUEUED", "DELIVERED", "FAILED"]),
  amount: z.int(),
  receipt: z.string().optional().meta({ description: "Present when DELIVERED." }),
});

export const payoutCallback = z.object({
  payoutId: z.string(),
  reference: z.string(),
  status: z.enum(["DELIVERED", "FAILED"]),
  resultCode: z.int().meta({ description: "0 delivered; 2001 float too low" }),
  resultDescription: z.string(),
  amount: z.int(),
  receipt: z.string().optional().meta({ description: "On success." }),
  completedAt: z.string().optional().meta({ description: "On success. ISO 8601 UTC with milliseconds." }),
  bankReference: z.string().optional().meta({ description: "On success of a bank payout: the receiving bank's reference." }),
});
