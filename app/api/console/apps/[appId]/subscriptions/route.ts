import { z } from "zod";
import { appRoute } from "@/lib/auth/route";
import { listSubscriptions, subscribe, withdraw } from "@/lib/services/subscriptions";

export const GET = appRoute({}, async ({ app }) => listSubscriptions(app.id));
export const POST = appRoute({ body: z.object({ group: z.string({ error: "group is required" }) }) }, async ({ app, body }) =>
  subscribe(app.id, body.group),
);
export const DELETE = appRoute({ body: z.object({ group: z.string({ error: "group is required" }) }) }, async ({ app, body }) =>
  withdraw(app.id, body.group),
);
