import type { Metadata } from "next";
import { curlToken } from "@/lib/docs/curl";
import { tokenCodes } from "@/lib/docs/errors";
import { tokenUrl } from "@/lib/docs/urls";
import { TOKEN_LIFETIME_S } from "@/lib/gateway/token";
import { C, H1, H2, P, Snippet, Ul } from "@/components/docs/prose";
import { DataTable } from "@/components/docs/data-table";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Authentication" };

export default function AuthenticationPage() {
  return (
    <>
      <H1 eyebrow="Guide">Authentication</H1>
      <P>
        Create an app in the console and add a group to it (Treasury waits for an operator&apos;s review). The app gets a
        consumer key and a secret; the secret is shown once, so keep it on your server. Exchange the pair for an access token,
        then send the token with every call.
      </P>
      <H2>Get a token</H2>
      <P>
        <C>POST {tokenUrl()}</C> with HTTP Basic auth (consumer key as user, secret as password) and the form field{" "}
        <C>grant_type=client_credentials</C>.
      </P>
      <Snippet title="Token request" code={curlToken()} />
      <Snippet title="200 response (cache-control: no-store)" code={JSON.stringify({ access_token: "<opaque token>", token_type: "Bearer", expires_in: TOKEN_LIFETIME_S }, null, 2)} />
      <Ul>
        <li>The token is an opaque string valid for {TOKEN_LIFETIME_S} s (one hour). There is no refresh token: request a new one.</li>
        <li>Send it as <C>Authorization: Bearer &lt;access token&gt;</C> on every other call.</li>
        <li>A revoked key pair stops working at once: its tokens answer 401 <C>INVALID_TOKEN</C>.</li>
        <li>
          Every 401 carries a <C>WWW-Authenticate</C> challenge that says why, for libraries that read it before the body (openid-client):{" "}
          <C>{'Basic realm="Svc Sandbox", charset="UTF-8", error="invalid_client", error_description="…"'}</C> from the token endpoint,{" "}
          <C>{'Bearer realm="Svc Sandbox", error="invalid_token", error_description="…"'}</C> from the gateway (no <C>error</C> when no
          token was sent). The description is the error body&apos;s <C>message</C>.
        </li>
      </Ul>
      <H2>Token errors</H2>
      <DataTable label="Token errors" head={["Status", "Error", "When"]}
        rows={tokenCodes().map((r) => [<span key="s" className="font-mono">{r.status}</span>, <C key="c">{r.code}</C>, r.condition])} />
    </>
  );
}
