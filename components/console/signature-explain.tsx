"use client";
// The Go-live tab's signature explain (POST …/signatures/explain, the same
// analysis as the developer endpoint): paste what your server received, and
// optionally the signature your code computed and the secret it used. The
// inbox's entries with an invalid signature (not those the portal forged on
// purpose: a receiver check's cases, the bad-signature fault) are each
// loaded into the form and explained with one click.
import { useSearchParams } from "next/navigation";
import { useEffect, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { CodeBlock, HeaderList } from "@/components/ui/code";
import { ErrorNote } from "@/components/ui/empty";
import { Field, Input, inputClass } from "@/components/ui/input";
import { LocalTime } from "@/components/ui/time";
import { cn } from "@/components/ui/cn";
import type { ExplainAnswer } from "@/lib/activity/signatures";
import { useFormAction } from "@/components/ui/form-action";
import { appUrl, send } from "./api";
import { useInbox, type InboxEntry } from "./hooks";
import { SignatureFindings } from "./signature-findings";

/** Headers pasted as a JSON object, or as `Name: value` lines (as logged or copied from a proxy). */
export function parseHeaders(text: string): Record<string, string> | string {
  const t = text.trim();
  if (!t) return {};
  if (t.startsWith("{")) {
    try {
      const v = JSON.parse(t) as Record<string, unknown>;
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, String(x)]));
    } catch {
      return "The headers look like JSON but do not parse.";
    }
  }
  const out: Record<string, string> = {};
  for (const line of t.split(/\r?\n/)) {
    if (!line.trim()) continue;
    const i = line.indexOf(":");
    if (i <= 0) return `Each header line needs "Name: value"; this one has none: ${line.slice(0, 60)}`;
    out[line.slice(0, i).trim()] = line.slice(i + 1).trim();
  }
  return out;
}

const headerLines = (h: Record<string, string>) => Object.entries(h).map(([k, v]) => `${k}: ${v}`).join("\n");

function Invalid({ entries, onPick }: { entries: InboxEntry[]; onPick: (e: InboxEntry) => void }) {
  if (!entries.length) return null;
  return (
    <div className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2">
      <p className="text-sm font-medium text-amber-900">Entries in the inbox with an invalid signature</p>
      <ul className="mt-1 space-y-1" aria-label="Inbox entries with an invalid signature">
        {entries.slice(0, 5).map((e) => (
          <li key={e.id} className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
            <span className="font-mono text-xs text-slate-700">{e.deliveryId ?? e.id}</span>
            <span className="text-xs text-slate-500"><LocalTime value={e.receivedAt} /></span>
            <button type="button" className="font-medium text-indigo-700 underline" onClick={() => onPick(e)}>Explain this one</button>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function SignatureExplain({ appId }: { appId: string }) {
  const params = useSearchParams();
  const wanted = params.get("entry");
  const { items } = useInbox(appId, params.get("delivery") ? { delivery: params.get("delivery")! } : {});
  const invalid = items.filter((e) => e.signature.result === "invalid" && !e.explanation?.onPurpose);
  const [headers, setHeaders] = useState("");
  const [body, setBody] = useState("");
  const [signature, setSignature] = useState("");
  const [secret, setSecret] = useState("");
  const [answer, setAnswer] = useState<ExplainAnswer | null>(null);
  const [picked, setPicked] = useState<string | null>(null);
  // ?entry=<inbox entry id> (the inbox's "Explain in detail"): load it once it is listed.
  useEffect(() => {
    if (!wanted || picked === wanted) return;
    const e = items.find((x) => x.id === wanted);
    if (!e) return;
    setHeaders(headerLines(e.headers));
    setBody(e.body);
    setPicked(e.id);
    setAnswer(null);
    document.getElementById("explain")?.scrollIntoView();
  }, [wanted, items, picked]);
  const parsed = parseHeaders(headers);
  const explain = useFormAction(async (received: { headers: Record<string, string>; body: string }) => {
    setAnswer(null);
    setAnswer(await send<ExplainAnswer>("POST", appUrl(appId, "/signatures/explain"), { ...received, ...(signature ? { signature } : {}), ...(secret ? { secret } : {}) }));
  }, ["headers", "body", "signature", "secret"]);
  /** "Explain this one": the entry in the form, and explained as it is. */
  const pick = (e: InboxEntry) => {
    setHeaders(headerLines(e.headers));
    setBody(e.body);
    setPicked(e.id);
    setAnswer(null);
    void explain.run({ headers: e.headers, body: e.body });
  };
  const busy = explain.pending;
  const fieldError = (f: "headers" | "body" | "signature" | "secret") => explain.fieldError(f) ?? null;
  return (
    <Card>
      <CardHeader
        title="Explain a signature check"
        description="Your server says a callback's signature is invalid? Paste what it received: the portal compares it with what was sent and names the mistake."
      />
      <CardBody className="space-y-4">
        <Invalid entries={invalid} onPick={pick} />
        <form
          className="grid gap-3 lg:grid-cols-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (typeof parsed !== "string") void explain.run({ headers: parsed, body });
          }}
        >
          <Field label="Headers as received" hint='One "Name: value" per line, or a JSON object.' error={typeof parsed === "string" ? parsed : fieldError("headers")}>
            {(p) => <textarea {...p} name="headers" rows={7} value={headers} onChange={(e) => setHeaders(e.target.value)} className={cn(inputClass, "font-mono text-xs")} spellCheck={false} />}
          </Field>
          <Field label="Raw body as received" hint="Exactly the bytes your code signed, before any JSON parsing." error={fieldError("body")}>
            {(p) => <textarea {...p} name="body" rows={7} value={body} onChange={(e) => setBody(e.target.value)} className={cn(inputClass, "font-mono text-xs")} spellCheck={false} />}
          </Field>
          <Field label="Signature your code computed (optional)" hint="Hex or Base64, with or without v1," error={fieldError("signature")}>
            {(p) => <Input {...p} name="signature" value={signature} onChange={(e) => setSignature(e.target.value)} className="font-mono text-xs" autoComplete="off" spellCheck={false} />}
          </Field>
          <Field label="Secret your code signs with (optional)" hint="Compared with the app's; not kept." error={fieldError("secret")}>
            {(p) => <Input {...p} name="secret" value={secret} onChange={(e) => setSecret(e.target.value)} className="font-mono text-xs" autoComplete="off" spellCheck={false} />}
          </Field>
          <div className="lg:col-span-2">
            <Button type="submit" busy={busy} disabled={typeof parsed === "string"}>Explain</Button>
          </div>
        </form>
        {explain.error ? <ErrorNote>{explain.error}</ErrorNote> : null}
        {answer && (
          <section aria-label="Explanation" className="space-y-3">
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone={answer.valid ? "green" : "red"}>{answer.valid ? "Signature valid" : "Signature invalid"}</Badge>
              <span className="text-xs text-slate-600">headers present: {answer.scheme === "both" ? "x-svc-signature and webhook-signature" : answer.scheme}</span>
            </div>
            <SignatureFindings findings={answer.findings} label="Findings" />
            {answer.delivery && (
              <details className="rounded-md border border-slate-200">
                <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-slate-800">What the sandbox sent as {answer.delivery.id}</summary>
                <div className="space-y-2 px-3 pb-3">
                  <CodeBlock raw value={answer.delivery.body} label="Body sent" />
                  {answer.delivery.attempts.at(-1)?.headers && <HeaderList headers={answer.delivery.attempts.at(-1)!.headers!} />}
                </div>
              </details>
            )}
          </section>
        )}
      </CardBody>
    </Card>
  );
}
