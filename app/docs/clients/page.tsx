import type { Metadata } from "next";
import { installCommands } from "@/lib/client-gen/packages/info";
import { C, H1, H2, P, Snippet, Ul } from "@/components/docs/prose";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Client packages" };

export default function ClientsPage() {
  return (
    <>
      <H1 eyebrow="Guide">Client packages</H1>
      <P>
        One package per language covers every API. This portal serves each from its own registry, so the language&apos;s usual tool installs it with no
        other registry. Every API&apos;s client raises the one error type, <C>SandboxApiError</C> (status, code, message, request id, details), fetches
        and renews the OAuth token itself, has timeouts, and comes with one callback verifier.
      </P>
      {installCommands().map((c) => (
        <section key={c.language}>
          <H2>{c.language}</H2>
          <Snippet title="Install" code={c.command} wrap />
          <Snippet title="Use" code={c.use} lang={c.lang} />
        </section>
      ))}
      <H2>Single files</H2>
      <Ul>
        <li>
          Each API&apos;s client is also one file to copy: <C>/clients/&lt;api&gt;.ts</C>, <C>.py</C>, <C>.php</C>, <C>.java</C> (linked from each API&apos;s page).
        </li>
      </Ul>
    </>
  );
}
