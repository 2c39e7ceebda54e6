import { appRoute } from "@/lib/auth/route";
import { floatCurrencyParams, floatSetSchema } from "@/lib/catalog/dev-endpoints";
import { floatBalances, setFloat } from "@/lib/float";

export const GET = appRoute({}, async ({ app }) => ({ balances: await floatBalances(app.id) }));

export const POST = appRoute({ body: floatCurrencyParams.extend(floatSetSchema.shape) }, async ({ app, body }) => setFloat(app.id, body.currency, body.available));
