import { z } from "zod";
import { userRoute } from "@/lib/auth/route";
import { pendingReviews, review } from "@/lib/services/subscriptions";

export const GET = userRoute({ operator: true }, async () => pendingReviews());

const decision = z.object({ appId: z.string({ error: "appId is required" }), group: z.string({ error: "group is required" }), approve: z.boolean({ error: "approve must be true or false" }),
  reason: z.string({ error: "reason must be text" }).max(500, { error: "reason must be at most 500 characters" }).optional(),
});

export const POST = userRoute({ operator: true, body: decision }, async ({ user, body }) =>
  review(body.appId, body.group, body.approve, user.email, body.reason),
);
