// Docs: the developer API's overview (what it is, base URL, token, errors) and
// its groups of endpoints, each on a page of its own (app/docs/dev/[group]),
// the groups being the catalog's (lib/docs/dev-groups.ts).
import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { C, H1, H2, P, Snippet, Ul } from "@/components/docs/prose";
import { DevEndpointList, Inline } from "@/components/docs/dev-endpoint";
import { MovedAnchors } from "@/components/docs/moved-anchor";
import { settingsEndpoints } from "@/lib/catalog/dev-endpoints";
import { devCurl } from "@/lib/docs/devapi-docs";
import { DEV_GROUPS, devGroupHref, movedDevAnchors } from "@/lib/docs/dev-groups";
import { baseUrl } from "@/lib/docs/urls";

export const metadata: Metadata = { title: "Developer API: time scale, waiting, replay, reset" };
export const dynamic = "force-dynamic";

const link = "text-emerald-700 underline";

export default function DevDocsPage() {
  return (
    <>
      <MovedAnchors moved={movedDevAnchors()} />
      <H1 eyebrow="Reference">Developer API</H1>
      <P>
        Endpoints for testing against the sandbox, beside the APIs: change how fast scripted outcomes happen, wait for a callback
        instead of polling, pick scenarios with test numbers, replay callbacks, wipe the app&apos;s data, make callbacks misbehave on
        purpose, and give a test run a throwaway sandbox of its own (<Link className={link} href="/docs/testing#sandboxes">Testing in CI</Link>).
        Each group of endpoints below has a page of its own.
      </P>

      <H2 id="base-url">Base URL and authentication</H2>
      <P>
        They live under <C>{baseUrl()}/dev/v1/</C> and take the same bearer token as the APIs (<Link className={link} href="/docs/authentication">Authentication</Link>):
      </P>
      <Snippet title="curl" code={devCurl(settingsEndpoints[0]!)} />
      <Ul>
        <li>Every call is recorded in the app&apos;s request log; none counts toward the per-minute limit.</li>
        <li>Each endpoint except the stream is also an MCP tool (<Link className={link} href="/docs/mcp">MCP</Link>) with the name shown on its page.</li>
        <li>
          OpenAPI 3.1: <a className={link} href="/openapi/dev.json">dev.json</a> ·{" "}
          <a className={link} href="/openapi/dev.yaml">dev.yaml</a>
        </li>
      </Ul>

      <H2 id="errors">Errors</H2>
      <P>
        Errors use the gateway&apos;s error body <C>{"{error, message, requestId}"}</C>; see <Link className={link} href="/docs/errors">Errors</Link>.
        Each endpoint&apos;s own codes, with when it answers them, are in <a className={link} href="/openapi/dev.json">dev.json</a>.
      </P>

      <H2 id="endpoints">Endpoints</H2>
      {DEV_GROUPS.map((g) => (
        <section key={g.slug} aria-labelledby={`group-${g.slug}`} className="mt-6 rounded-lg border border-slate-200 bg-white p-4">
          <h3 id={`group-${g.slug}`} className="scroll-mt-20 text-base font-semibold text-slate-900">
            <Link className="hover:text-emerald-700 hover:underline" href={devGroupHref(g)}>{g.title}</Link>
          </h3>
          {g.intro && <p className="mt-1 text-sm leading-6 text-slate-600"><Inline text={g.intro} /></p>}
          <DevEndpointList endpoints={g.endpoints} label={g.title} />
        </section>
      ))}
    </>
  );
}
