import { z } from "zod";
import { pathId, text } from "./fields";

export const identityVerifyRequest = z.object({
  idNumber: text("idNumber", { max: 20, description: "The national identity number to check.", example: "12345678" }),
  firstName: text("firstName", { max: 64, example: "Amina" }).optional(),
  lastName: text("lastName", { max: 64, example: "Otieno" }).optional(),
  dateOfBirth: z
    .iso.date({ error: "dateOfBirth must be a date as YYYY-MM-DD" })
    .optional()
    .meta({ examples: ["1990-04-12"] }),
});

export const identityGetParams = z.object({
  verificationId: pathId("verificationId", "The id returned by the verification.", "ver_3kTMd9qLw0vYx2pZbR7cNe"),
});

export const identityVerification = z.object({
  verificationId: z.string(),
  idNumber: z.string(),
  status: z.enum(["MATCH", "NAME_MISMATCH", "NOT_FOUND"]),
  checkedAt: z.string().meta({ description: "ISO 8601 UTC with milliseconds." }),
});
