import { z } from "zod";
import { CURRENCIES, httpUrl, integer, oneOf, pathId, phone, text } from "./fields";

export const collectPushRequest = z.object({
  shortCode: text("shortCode", { max: 20, description: "The till or paybill number receiving the money.", example: "174379" }),
  amount: integer("amount", { min: 1, description: "Whole currency units.", example: 100 }),
  currency: oneOf("currency", CURRENCIES),
  phoneNumber: phone("phoneNumber", "The customer's number in international format, no plus sign."),
  reference: text("reference", { max: 24, description: "Your own reference; shown to the customer and returned in the callback.", example: "INV-1001" }),
  description: text("description", { max: 64, description: "Shown to the customer.", example: "Order 1001" }).optional(),
  callbackUrl: httpUrl("callbackUrl", "Where the final result is posted."),
});

export const collectStatusParams = z.object({
  checkoutId: pathId("checkoutId", "The id returned by the push.", "chk_3kTMd9qLw0vYx2pZbR7cNe"),
});

export const collectPushAccepted = z.object({
  checkoutId: z.string(),
  status: z.literal("PENDING"),
  customerMessage: z.string().meta({ description: "Tells the customer to enter the PIN to pay the amount." }),
});

export const collectPushStatus = z.object({
  checkoutId: z.string(),
  status: z.enum(["PENDING", "COMPLETED", "FAILED"]),
  resultCode: z.int().optional().meta({ description: "Present once the prompt is decided." }),
  amount: z.int(),
  receipt: z.string().optional().meta({ description: "Present when COMPLETED." }),
});

export const collectCallback = z.object({
  checkoutId: z.string(),
  reference: z.string(),
  resultCode: z.int().meta({ description: "0 success; 1001 insufficient funds; 1032 cancelled; 1037 no answer in time" }),
  resultDescription: z.string(),
  amount: z.int().optional().meta({ description: "On success." }),
  receipt: z.string().optional().meta({ description: "On success." }),
  phoneNumber: z.string().optional().meta({ description: "On success." }),
  paidAt: z.string().optional().meta({ description: "On success. ISO 8601 UTC with milliseconds." }),
});
