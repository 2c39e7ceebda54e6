import { appRoute } from "@/lib/auth/route";
import { removeTestNumber } from "@/lib/devapi";

export const DELETE = appRoute({}, async ({ app, params }) => removeTestNumber(app.id, { id: params.id! }));
