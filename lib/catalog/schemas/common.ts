import { z } from "zod";

export const errorBodySchema = z.object({
  error: z.string().meta({ description: "Error code." }),
  message: z.string().meta({ description: "Human text." }),
  requestId: z.string().meta({ description: "Id of the request; also in the x-request-id header." }),
});

/** Access tokens last one hour and have no refresh (spec: Authentication). */
export const TOKEN_LIFETIME_S = 3600;

export const tokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal("Bearer"),
  expires_in: z.literal(TOKEN_LIFETIME_S),
});

export const emptyParams = z.object({});
