import { z } from "zod";
import { httpUrl, pathId, phone, text } from "./fields";

export const smsSendRequest = z.object({
  to: phone("to", "The recipient in international format, no plus sign."),
  senderId: text("senderId", { max: 11, description: "A registered sender id.", example: "SVCSHOP" }),
  message: text("message", { max: 918, description: "Up to 918 characters (6 concatenated parts).", example: "Your order has shipped." }),
  callbackUrl: httpUrl("callbackUrl", "Where the delivery result is posted; falls back to the app's default callback URL.").optional(),
});

export const smsGetParams = z.object({
  messageId: pathId("messageId", "The id returned by send.", "msg_3kTMd9qLw0vYx2pZbR7cNe"),
});

export const smsAccepted = z.object({ messageId: z.string(), status: z.literal("QUEUED") });

export const smsStatus = z.object({
  messageId: z.string(),
  to: z.string(),
  status: z.enum(["QUEUED", "DELIVERED", "FAILED"]),
  reason: z.string().optional().meta({ description: "On failure." }),
  deliveredAt: z.string().optional().meta({ description: "On success. ISO 8601 UTC with milliseconds." }),
});

export const smsCallback = smsStatus.extend({ status: z.enum(["DELIVERED", "FAILED"]) });
