// The float a payout met (lib/activity/float-met.ts), as the request detail
// and the timeline show it, linked to the float card on the app's Overview.
import Link from "@/components/ui/link";
import type { FloatMet as Met } from "@/lib/activity/float-met";

/** An amount of a float, grouped in thousands. */
export const floatAmount = (n: number) => n.toLocaleString("en-US");

export function FloatMet({ float, appId, low }: { float: Met; appId: string; low?: boolean }) {
  return (
    <span data-testid="float-met">
      <Link className="text-indigo-700 underline" href={`/apps/${appId}#float`}>Float</Link>{" "}
      {float.currency} {floatAmount(float.available)} available;{" "}
      {float.reserved > 0 ? `reserved ${floatAmount(float.reserved)}` : low ? "too low, nothing reserved" : "nothing reserved"}
    </span>
  );
}
