// The inbox as the console shows it: lib/inspector's keyset-paged list, searched
// by delivery id, resource id or reference, and each entry with the callback
// and request behind it (links.ts), its signature checked against the app's
// signing secrets, and where that says invalid, why (signatures.ts, judged at
// the time the entry arrived). Callers check ownership first.
import { z } from "zod";
import { forgedOnPurpose } from "@/lib/callbacks/signature-explain";
import { checkSignatures } from "@/lib/crypto";
import { db as defaultDb, type Db } from "@/lib/db/prisma";
import { listInbox } from "@/lib/inspector";
import { deliveryIdsFor, inboxLinks } from "./links";
import { explainReceivedMany, type ExplainAnswer } from "./signatures";
import { pageSchema } from "./requests";

const text = (name: string) =>
  z.preprocess((v) => (v === "" ? undefined : v), z.string().trim().max(100, { error: `${name} must be at most 100 characters` }).optional());

export const inboxQuerySchema = z.object({ ...pageSchema, delivery: text("delivery"), q: text("q") });
export type InboxQuery = z.output<typeof inboxQuerySchema>;

/**
 * Why an invalid entry is invalid: the findings (the entry's links already name its delivery), and
 * whether the portal forged it on purpose (a receiver check's case, the bad-signature fault); null for the others.
 */
const explainedOnly = (x: ExplainAnswer | undefined) =>
  (x ? { valid: x.valid, scheme: x.scheme, findings: x.findings, onPurpose: forgedOnPurpose(x.findings) } : null);

export async function inboxPage(appId: string, query: InboxQuery, db: Db = defaultDb) {
  const deliveryIds = query.q ? await deliveryIdsFor(appId, query.q, db) : undefined;
  const [page, app] = await Promise.all([
    listInbox(appId, { before: query.before, take: query.take, delivery: query.delivery, deliveryIds }, db),
    db.app.findUniqueOrThrow({ where: { id: appId }, select: { signingSecret: true, previousSigningSecret: true } }),
  ]);
  // The current secret, and the one it replaced (an entry may predate the rotation).
  const secrets = [app.signingSecret, ...(app.previousSigningSecret ? [app.previousSigningSecret] : [])];
  const links = await inboxLinks(appId, page.items.map((e) => e.deliveryId), db);
  const checked = page.items.map((e) => ({ e, signature: checkSignatures(e.headers, e.body, secrets) }));
  const invalid = checked.filter((c) => c.signature.result === "invalid");
  const explained = await explainReceivedMany(appId, invalid.map(({ e }) => ({ headers: e.headers, body: e.body, now: new Date(e.receivedAt) })), db);
  const explanations = new Map(invalid.map(({ e }, i) => [e.id, explained[i]!]));
  return {
    ...page,
    items: checked.map(({ e, signature }) => ({
      ...e,
      signature,
      explanation: explainedOnly(explanations.get(e.id)),
      delivery: (e.deliveryId && links.get(e.deliveryId)?.delivery) || null,
      request: (e.deliveryId && links.get(e.deliveryId)?.request) || null,
    })),
  };
}
export type InboxItem = Awaited<ReturnType<typeof inboxPage>>["items"][number];
