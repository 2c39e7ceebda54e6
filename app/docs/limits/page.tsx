import type { Metadata } from "next";
import { CALLBACK_TIMEOUT_MS } from "@/lib/callbacks/post";
import { config } from "@/lib/runtime";
import { MAX_BODY_BYTES } from "@/lib/engine";
import { MAX_REQUEST_BODY } from "@/lib/http/body-bound";
import { TOKEN_LIFETIME_S } from "@/lib/gateway/token";
import { PLAN_PER_MINUTE } from "@/lib/services/apps";
import { C, H1, H2, P, Ul } from "@/components/docs/prose";
import { DataTable } from "@/components/docs/data-table";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Limits" };

export default function LimitsPage() {
  return (
    <>
      <H1 eyebrow="Guide">Limits</H1>
      <DataTable label="Limits" head={["Limit", "Value", "Applies to"]} rows={[
        ["Rate limit, Sandbox plan", `${PLAN_PER_MINUTE} calls per minute`, "per app; fixed windows aligned to the clock minute (hh:mm:00–hh:mm:59); MCP tool calls count too"],
        ["Token life", `${TOKEN_LIFETIME_S} s`, "access token; no refresh"],
        ["Request body", `${MAX_BODY_BYTES / 1024} KiB`, <span key="b">every operation; larger answers 413 <C>BODY_TOO_LARGE</C></span>],
        ["Request body, any other path", `${MAX_REQUEST_BODY / 1024 / 1024} MiB`, <span key="a">pages, console routes and the signature explain endpoint; larger answers 413 <C>BODY_TOO_LARGE</C> before the body is read (a chunked body once it passes the limit)</span>],
        ["Callback wait", `${CALLBACK_TIMEOUT_MS / 1000} s`, "the receiving server's answer; later counts as failed"],
        ["Callbacks per destination host", `${config.callbacksPerHostPerMinute} a minute`, <span key="h">
          every app&apos;s callbacks, replays and resends to one host over the whole portal (the operator&apos;s <C>CALLBACKS_PER_HOST_PER_MINUTE</C>; an
          IPv6 address counts by its /64; your app&apos;s own inspector is not counted). A callback past it is never dropped: it waits for the next
          minute, and its delivery&apos;s <C>delayReason</C> says so (the console shows it as &quot;Waiting&quot;; the attempt&apos;s note says it was delayed)
        </span>],
      ]} />
      <H2>Rate-limit headers</H2>
      <P>A call counts when it passed the token, suspension, operation and subscription checks. Every call that reaches the rate check answers with:</P>
      <Ul>
        <li><C>x-ratelimit-limit</C>: the app&apos;s calls per minute.</li>
        <li><C>x-ratelimit-remaining</C>: calls left in this minute.</li>
        <li><C>x-ratelimit-reset</C>: seconds until the next minute starts.</li>
        <li>The same as IETF fields (draft-ietf-httpapi-ratelimit-headers): <C>RateLimit-Policy: &quot;minute&quot;;q=&lt;limit&gt;;w=60</C> and <C>RateLimit: &quot;minute&quot;;r=&lt;remaining&gt;;t=&lt;seconds to reset&gt;</C>.</li>
        <li>On 429 <C>RATE_LIMITED</C> also <C>retry-after</C> (seconds): wait, then resend.</li>
      </Ul>
      <P>Every app starts on the Sandbox plan; an operator can set another limit for an app (load tests, partners).</P>
    </>
  );
}
