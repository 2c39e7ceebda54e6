// Where the app's default callback URL applies, read from the catalog: the
// operations that post a callback and whose `callbackUrl` is optional. The
// others require `callbackUrl` (spec), so the default never applies to them.
import { operations, type Operation } from "@/lib/catalog";

const optionalCallbackUrl = (o: Operation) => {
  const field = o.body?.shape?.callbackUrl as { safeParse?: (v: unknown) => { success: boolean } } | undefined;
  return Boolean(field?.safeParse?.(undefined).success);
};

const withCallback = () => operations.filter((o) => o.callback && o.body);

export const usesDefaultCallback = () => withCallback().filter(optionalCallbackUrl);
export const requiresCallbackUrl = () => withCallback().filter((o) => !optionalCallbackUrl(o));

const list = (ops: Operation[]) => ops.map((o) => `${o.summary} (${o.method} ${o.path})`).join(", ");

/** One sentence for every place that describes the default callback URL. */
export function defaultCallbackNote(): string {
  const uses = usesDefaultCallback();
  const requires = requiresCallbackUrl();
  return `Used only by ${list(uses)} when its request has no callbackUrl. ${list(requires)} require callbackUrl in every request.`;
}
