import { z } from "zod";

export const errorBodySchema = z.object({
  error: z.string().meta({ description: "Error code." }),
  message: z.string().meta({ description: "Human text." }),
  requestId: z.string().meta({ description: "Id of the request; also in the x-request-id header." }),
  error_description: z.string().optional().meta({ description: "The token endpoint's errors only: the same text as message, under the name OAuth 2.0 clients read (RFC 6749 §5.2)." }),
  details: z
    .array(z.object({ field: z.string().meta({ description: "The field's path, e.g. amount." }), message: z.string() }))
    .optional()
    .meta({ description: "VALIDATION_ERROR only: every invalid field, each with what is wrong (the message lists the same)." }),
});

/** Access tokens last one hour and have no refresh (README: How the sandbox behaves). */
export const TOKEN_LIFETIME_S = 3600;

export const tokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal("Bearer"),
  expires_in: z.literal(TOKEN_LIFETIME_S),
});

export const emptyParams = z.object({});
