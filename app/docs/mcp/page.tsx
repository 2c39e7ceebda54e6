// Docs: connecting an MCP client to {base_url}/mcp. Tools, examples and
// addresses are generated from the catalog and the real code paths.
import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { DataTable } from "@/components/docs/data-table";
import { C, H1, H2, H3, P, Snippet, Ul } from "@/components/docs/prose";
import { apiOf, groupOf, operations } from "@/lib/catalog";
import { curlToken } from "@/lib/docs/curl";
import { devHref } from "@/lib/docs/dev-groups";
import { exampleBody } from "@/lib/docs/doc-examples";
import { sampleAnswer, sampleContext } from "@/lib/docs/samples";
import { baseUrl, opHref } from "@/lib/docs/urls";
import { MCP_PATH } from "@/lib/gateway/routes";
import { toToolResult } from "@/lib/mcp/result";
import { operationId } from "@/lib/openapi/document";
import { devOperationId } from "@/lib/openapi/dev-document";
import { devEndpoints } from "@/lib/catalog/dev-endpoints";
import { PLAN_PER_MINUTE } from "@/lib/services/apps";

export const metadata: Metadata = { title: "MCP: connect an agent or IDE" };
// Addresses come from PUBLIC_URL at run time.
export const dynamic = "force-dynamic";

const NAME = "svc-sandbox";
const json = (v: unknown) => JSON.stringify(v, null, 2);

/** What collect_push returns for the example arguments in `scenarioKey`: the real engine and the real result mapping. */
function sampleResult(scenarioKey: string) {
  const op = operations[0]!;
  const a = sampleAnswer(op, op.scenarios.find((s) => s.key === scenarioKey)!);
  return toToolResult({ status: a.status, headers: { ...a.headers, "x-request-id": sampleContext().requestId }, body: a.body });
}

export default function McpDocsPage() {
  const url = `${baseUrl()}${MCP_PATH}`;
  const push = operations[0]!;
  const claude = `claude mcp add --transport http ${NAME} ${url} \\\n  --header "Authorization: Bearer $ACCESS_TOKEN"`;
  const vscode = {
    inputs: [{ type: "promptString", id: "svc-token", description: "Svc Sandbox access token", password: true }],
    // VS Code substitutes ${input:…} when it reads the file: the string is meant literally.
    // biome-ignore lint/suspicious/noTemplateCurlyInString: VS Code input variable syntax
    servers: { [NAME]: { type: "http", url, headers: { Authorization: "Bearer ${input:svc-token}" } } },
  };
  const cursor = { mcpServers: { [NAME]: { url, headers: { Authorization: "Bearer <ACCESS_TOKEN>" } } } };
  const sdk = [
    `import { Client } from "@modelcontextprotocol/sdk/client/index.js";`,
    `import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";`,
    ``,
    `const transport = new StreamableHTTPClientTransport(new URL("${url}"), {`,
    `  requestInit: { headers: { authorization: \`Bearer \${process.env.ACCESS_TOKEN}\` } },`,
    `});`,
    `const client = new Client({ name: "my-agent", version: "1.0.0" });`,
    `await client.connect(transport);`,
    `const { tools } = await client.listTools();`,
    `const result = await client.callTool({`,
    `  name: "${push.tool}",`,
    `  arguments: ${json({ ...exampleBody(push), scenario: "cancelled" }).replace(/\n/g, "\n  ")},`,
    `});`,
  ].join("\n");

  return (
    <>
      <H1 eyebrow="Guide">MCP: connect an agent or IDE</H1>
      <P>
        The sandbox also speaks the <strong>Model Context Protocol</strong>, so agents and AI-assisted IDEs can call it. Each API
        operation is one tool. A tool call is a sandbox call: it takes the same token and passes the same gateway checks. It counts
        toward your app&apos;s per-minute rate limit, it appears in the request log (marked MCP) and it sends the same callbacks.
      </P>

      <H2 id="endpoint">Endpoint</H2>
      <Snippet title="MCP endpoint" code={url} />
      <Ul>
        <li>Transport: Streamable HTTP, stateless (no session), JSON responses. Clients send <C>POST</C>; a <C>GET</C> answers 405, which clients accept.</li>
        <li>Authentication: the header <C>Authorization: Bearer &lt;ACCESS_TOKEN&gt;</C>, the same token as the APIs. Without it: 401 <C>MISSING_TOKEN</C>; an unknown, expired or revoked token: 401 <C>INVALID_TOKEN</C>.</li>
      </Ul>

      <H2 id="token">1. Get an access token</H2>
      <P>In the console, open your app, add the groups you need and create a key pair. Then exchange the key and secret for a token:</P>
      <Snippet title="Token request" code={curlToken()} />
      <P>
        The token lasts one hour and cannot be refreshed. When your client reports <C>INVALID_TOKEN</C>, request a new token and
        update the header in the client&apos;s configuration.
      </P>

      <H2 id="clients">2. Add the server to your client</H2>
      <H3>Claude Code</H3>
      <Snippet title="Terminal" code={claude} />
      <H3>VS Code</H3>
      <P>VS Code asks for the token when it starts the server and keeps it as a secret.</P>
      <Snippet title=".vscode/mcp.json" code={json(vscode)} />
      <H3>Cursor and other clients</H3>
      <P>Any client that speaks Streamable HTTP and can send a custom header works: give it the URL and the Authorization header.</P>
      <Snippet title=".cursor/mcp.json" code={json(cursor)} />
      <H3>Your own code (TypeScript SDK)</H3>
      <Snippet title="agent.ts" code={sdk} />

      <H2 id="tools">Tools</H2>
      <P>
        Your client sees the tools of the groups your app can use now (Treasury after the operator&apos;s review). A call to any other
        tool answers <C>NOT_SUBSCRIBED</C> or <C>SUBSCRIPTION_PENDING</C>. Each tool takes the operation&apos;s path parameters and body
        fields as arguments, plus an optional <C>scenario</C> that acts like the <C>X-Svc-Scenario</C> header, an optional <C>timeScale</C> (0 to 1)
        that acts like the <C>X-Svc-Time-Scale</C> header, and an optional <C>fault</C> that acts like the <C>X-Svc-Fault</C> header
        (<Link href="/docs/rehearse" className="text-indigo-700 underline">Rehearse failures</Link>; a <C>lost_response</C> answers a tool
        error saying the call may have gone through). Test numbers and magic values in the arguments pick scenarios as they do over HTTP.
      </P>
      <DataTable
        label="MCP tools"
        head={["Tool", "OpenAPI operationId", "Operation", "Group", "Scenarios"]}
        rows={operations.map((op) => [
          <C key="t">{op.tool}</C>,
          <C key="id">{operationId(op)}</C>,
          <span key="o">
            <Link href={opHref(op)} className="text-indigo-700 underline">{op.summary}</Link>
            <span className="block font-mono text-xs text-slate-500">{op.method} {op.path}</span>
          </span>,
          `${groupOf(op).name} (${apiOf(op).name})`,
          <span key="s" className="font-mono text-xs">{op.scenarios.map((s) => s.key).join(", ")}</span>,
        ])}
      />
      <P>
        Every app also sees the developer endpoints as tools (<C>sandbox_dev_…</C>, listed on the{" "}
        <Link href="/docs/dev" className="text-indigo-700 underline">developer API</Link> page). An agent that tests an
        integration can take a throwaway sandbox of its own with <C>sandbox_dev_create_sandbox</C> and end it with{" "}
        <C>sandbox_dev_delete_sandbox</C>, so its calls never touch your app&apos;s data.
      </P>
      <DataTable
        label="Developer tools"
        head={["Tool", "OpenAPI operationId (/openapi/dev.json)", "Endpoint"]}
        rows={devEndpoints.filter((e) => e.tool && !e.stream).map((e) => [
          <C key="t">{e.tool}</C>,
          <C key="id">{devOperationId(e)}</C>,
          <Link key="e" href={devHref(e)} className="font-mono text-xs text-indigo-700 underline">{e.method} {e.path}</Link>,
        ])}
      />

      <H2 id="results">Results</H2>
      <P>
        A successful call returns the response body with its HTTP status, the scenario that produced it and the request id, as
        structured content and as the same JSON in text. For <C>{push.tool}</C> with the example arguments:
      </P>
      <Snippet title="Tool result" code={json(sampleResult("paid").structuredContent)} />
      <P>
        Gateway and API errors (status 400 and up) come back as tool errors (<C>isError: true</C>) carrying the error body{" "}
        <C>{"{error, message, requestId}"}</C> and the status (on a 503 or 429 also <C>retryAfter</C>: the seconds the{" "}
        <C>Retry-After</C> header says to wait before calling again), for example:
      </P>
      <Snippet title="Tool error" code={json(sampleResult("invalid_phone").structuredContent)} />
      <P>
        Every tool declares an <C>outputSchema</C> (in <C>tools/list</C>) that covers both shapes: the success one with the operation&apos;s
        own response bodies (the same schemas as the OpenAPI document), and the tool error. Clients that validate structured
        content (the MCP SDK does) check each result against it.
      </P>

      <H2 id="limits">Rate limit</H2>
      <P>
        Tool calls and HTTP calls share the app&apos;s limit ({PLAN_PER_MINUTE} calls per clock minute on the Sandbox plan).
        The connection handshake and <C>tools/list</C> do not count. Past the limit a tool call returns the tool error{" "}
        <C>RATE_LIMITED</C>: wait for the next minute. Agents loop quickly; the request log shows every tool call.
      </P>
    </>
  );
}
