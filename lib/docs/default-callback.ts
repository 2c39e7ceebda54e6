// Where the app's default callback URL applies, read from the catalog: the
// operations that post a callback and whose `callbackUrl` is optional. The
// others require `callbackUrl` (their request schemas in lib/catalog), so the
// default never applies to them.
import { operations, type Operation } from "@/lib/catalog";

const optionalCallbackUrl = (o: Operation) => {
  const field = o.body?.shape?.callbackUrl as { safeParse?: (v: unknown) => { success: boolean } } | undefined;
  return Boolean(field?.safeParse?.(undefined).success);
};

const withCallback = () => operations.filter((o) => o.callback && o.body);

export const usesDefaultCallback = () => withCallback().filter(optionalCallbackUrl);
export const requiresCallbackUrl = () => withCallback().filter((o) => !optionalCallbackUrl(o));

/** "A (POST /a), B (POST /b) and C (POST /c)". */
export const listOperations = (ops: Operation[]) => {
  const names = ops.map((o) => `${o.summary} (${o.method} ${o.path})`);
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : (names[0] ?? "");
};

/** One sentence for every place that describes the default callback URL. */
export function defaultCallbackNote(): string {
  const uses = usesDefaultCallback();
  const requires = requiresCallbackUrl();
  return `Used only by ${listOperations(uses)} when its request has no callbackUrl. ${listOperations(requires)} require callbackUrl in every request.`;
}
