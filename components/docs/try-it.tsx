"use client";
// The try-it panel: a form built from the operation's schema, prefilled with
// its example; a scenario picker; Send runs the engine on the server without
// keys (lib/tryit): nothing stored, no callback sent. A signed-in reader's
// call runs as the docs' app (lib/docs/fill.ts; "Trying as …", changed with the
// docs' app picker) unless they choose a preview (or the app cannot call this
// API): logged, stored, and its callback really posted (to the app's inspector
// unless the form says otherwise), followed beside the answer. A status
// operation's id starts as the app's newest resource, with a menu of recent ones.
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import type { FieldRow } from "@/lib/docs/fields";
import type { TryItProps, TryResult } from "@/lib/tryit/types";
import { type DocsApp, RecentMenu, TryingAs } from "./try-as";
import { useChosenScenario } from "./chosen-scenario";
import { activeFields, toBody, toValues, type Values } from "./try-body";
import { TryResultView } from "./try-result";

const input = "w-full rounded-md border border-slate-300 bg-white px-2.5 py-1.5 font-mono text-sm text-slate-900 focus:border-slate-500 focus:outline-none";

function Field({ row, value, onChange }: { row: FieldRow; value: string; onChange: (v: string) => void }) {
  const id = `try-${row.name}`;
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="mb-1 flex items-baseline gap-1.5 text-xs text-slate-600">
        <code className="font-mono font-medium text-slate-900">{row.name}</code>
        {row.required ? <span className="text-red-600" title="required">*</span> : <span className="text-slate-500">optional</span>}
      </label>
      {row.options ? (
        <select id={id} className={input} value={value} onChange={(e) => onChange(e.target.value)}>
          {!row.required && <option value="">(leave out)</option>}
          {row.options.map((o) => <option key={o} value={o}>{o}</option>)}
        </select>
      ) : (
        <input id={id} className={input} value={value} onChange={(e) => onChange(e.target.value)} inputMode={row.integer ? "numeric" : undefined} />
      )}
    </div>
  );
}

/** The example's reference with a suffix of its own (time-based: unique per click, within every operation's length limit). */
const freshReference = (example: string) => `${example}-${Date.now().toString(36).slice(-6).toUpperCase()}`;

export function TryIt({ opId, fields, params, example, scenarios, app: docsApp }: TryItProps & { app?: DocsApp }) {
  /** The form's values: the example, its callbackUrl the app's inspector (as in the panel's samples). */
  const valuesFor = (): Values => {
    const v = toValues(example ?? {});
    return docsApp && fields.some((f) => f.name === "callbackUrl") ? { ...v, callbackUrl: docsApp.inspectorUrl } : v;
  };
  /** Signed in with an app that may call this API: Try it runs as that app (logged, real callback); else a preview. */
  const canRun = Boolean(docsApp && !docsApp.suspended && docsApp.subscribed && !docsApp.refusal);
  const [values, setValues] = useState<Values>(valuesFor);
  const [paramValues, setParamValues] = useState<Values>(() => Object.fromEntries(params.map((p) => [p.name, p.example])));
  const [raw, setRaw] = useState<string | null>(null);
  // On an operation page the scenario is the page's choice (chosen-scenario.tsx); elsewhere the form's own.
  const chosen = useChosenScenario();
  const [ownScenario, setOwnScenario] = useState("");
  const scenario = chosen ? chosen.scenario : ownScenario;
  const setScenario = chosen ? chosen.choose : setOwnScenario;
  const [timeScale, setTimeScale] = useState("");
  // How the call runs: as the docs' app, a preview with its test numbers and time scale, or a preview without an app.
  const [mode, setMode] = useState<"live" | "preview" | "plain">(canRun ? "live" : "preview");
  const app = docsApp && mode !== "plain" ? docsApp.id : "";
  const live = mode === "live";
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<TryResult | null>(null);
  const [failure, setFailure] = useState<{ status: number; body: unknown } | null>(null);

  const bodyText = raw ?? JSON.stringify(toBody(fields, values), null, 2);

  // Run live, a reference is money's idempotency: a second send of one reference answers 409 DUPLICATE_REFERENCE,
  // as in production. So each live run starts with a reference of its own (after hydration: the server renders the
  // example), and an accepted send moves on to the next one.
  const exampleReference = live && fields.some((f) => f.name === "reference") && typeof example?.reference === "string" ? example.reference : null;
  useEffect(() => {
    if (exampleReference) setValues((v) => ({ ...v, reference: freshReference(exampleReference) }));
  }, [exampleReference]);

  function backToForm(text: string) {
    try {
      setValues(toValues(JSON.parse(text)));
    } catch {
      /* keep the form's values */
    }
    setRaw(null);
  }

  async function send() {
    setBusy(true);
    setFailure(null);
    try {
      const query = new URLSearchParams(paramValues).toString();
      const r = await fetch(`/api/try/${opId}${query ? `?${query}` : ""}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(scenario ? { "x-svc-scenario": scenario } : {}),
          ...(timeScale ? { "x-svc-time-scale": timeScale } : {}),
          ...(app ? { "x-svc-try-app": app } : {}),
          ...(app && live ? { "x-svc-try-live": "1" } : {}),
        },
        body: example ? bodyText : undefined,
      });
      const body = await r.json().catch(() => null);
      if (r.ok) {
        setResult(body as TryResult);
        if (exampleReference && (body as TryResult).status === 202) setValues((v) => ({ ...v, reference: freshReference(exampleReference) }));
      }
      else {
        setResult(null);
        setFailure({ status: r.status, body });
      }
    } catch (e) {
      setFailure({ status: 0, body: String(e) });
    } finally {
      setBusy(false);
    }
  }

  // The panel's "Try it" button sends this form, then the answer is scrolled into view.
  const outcome = useRef<HTMLDivElement>(null);
  const reveal = useRef(false);
  useEffect(() => {
    if (!chosen) return;
    chosen.send.current = () => { reveal.current = true; return send(); };
    return () => {
      chosen.send.current = null;
    };
  });
  useEffect(() => {
    if (!reveal.current || (!result && !failure)) return;
    reveal.current = false;
    outcome.current?.scrollIntoView({ block: "nearest", behavior: "smooth" });
  }, [result, failure]);

  return (
    <section id="try-it" aria-label="Try it" data-md-skip className="@container scroll-mt-20 rounded-lg border border-slate-200 bg-white shadow-xs">
      <div className="border-b border-slate-100 px-4 py-3 @md:px-5">
        <h2 className="text-base font-semibold text-slate-900">Try it</h2>
        <p className="text-sm text-slate-500">
          {app && live
            ? "Runs the call as your app: it counts toward the app's limit, is logged, and its callback is really posted."
            : "Runs the sandbox's scenario engine without keys. Nothing is stored and no callback is sent."}
        </p>
      </div>
      <div className="space-y-5 px-4 py-4 @md:px-5">
        {docsApp && (
          <div className="space-y-2">
            <TryingAs app={docsApp} />
            <fieldset className="flex flex-col gap-1.5 text-sm text-slate-700 @md:flex-row @md:flex-wrap @md:gap-x-5">
              <legend className="sr-only">How to run the call</legend>
              <label className="flex items-center gap-2">
                <input type="radio" name="try-mode" checked={mode === "preview"} onChange={() => setMode("preview")} />
                Preview with its test numbers and time scale
              </label>
              <label className="flex items-center gap-2">
                <input type="radio" name="try-mode" checked={live} disabled={!canRun} onChange={() => setMode("live")} />
                Run as this app (logged, real callback)
              </label>
              <label className="flex items-center gap-2">
                <input type="radio" name="try-mode" checked={mode === "plain"} onChange={() => setMode("plain")} />
                Preview without an app
              </label>
            </fieldset>
          </div>
        )}
        {params.length > 0 && (
          <div className="grid gap-3 @sm:grid-cols-2">
            {params.map((p) => (
              <div key={p.name} className={`min-w-0 space-y-1.5 ${p.recent ? "@sm:col-span-2" : ""}`}>
                <Field row={{ name: p.name, type: "string", required: true, constraints: [], integer: false }}
                  value={paramValues[p.name] ?? ""} onChange={(v) => setParamValues({ ...paramValues, [p.name]: v })} />
                {p.recent && <RecentMenu name={p.name} recent={p.recent} value={paramValues[p.name] ?? ""} onChange={(v) => setParamValues({ ...paramValues, [p.name]: v })} />}
              </div>
            ))}
          </div>
        )}
        {example && (
          <div>
            <div className="mb-2 flex items-center justify-between">
              <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Request body</p>
              <Button size="sm" variant="ghost" onClick={() => (raw === null ? setRaw(bodyText) : backToForm(raw))}>
                {raw === null ? "Edit as JSON" : "Back to the form"}
              </Button>
            </div>
            {raw === null ? (
              <div className="grid gap-3 @sm:grid-cols-2">
                {activeFields(fields, values).map((row) => (
                  <Field key={row.name} row={row} value={values[row.name] ?? ""} onChange={(v) => setValues({ ...values, [row.name]: v })} />
                ))}
              </div>
            ) : (
              <textarea aria-label="Request body (JSON)" className={`${input} h-56 text-xs`} value={raw} onChange={(e) => setRaw(e.target.value)} spellCheck={false} />
            )}
          </div>
        )}
        <div className="flex flex-col gap-3 @xl:flex-row @xl:items-end">
          <div className="flex-1">
            <label htmlFor="try-scenario" className="mb-1 block text-xs text-slate-600">Scenario (X-Svc-Scenario header)</label>
            <select id="try-scenario" className={input} value={scenario} onChange={(e) => setScenario(e.target.value)}>
              <option value="">{app ? "By test number or magic value (no header)" : "By magic value (no header)"}</option>
              {scenarios.map((s) => <option key={s.key} value={s.key}>{s.label}</option>)}
            </select>
          </div>
          <div className="@xl:w-60">
            <label htmlFor="try-time-scale" className="mb-1 block text-xs text-slate-600">Time scale (X-Svc-Time-Scale)</label>
            <select id="try-time-scale" className={input} value={timeScale} onChange={(e) => setTimeScale(e.target.value)}>
              <option value="">{app ? "The app's" : "1 (no header)"}</option>
              <option value="1">1 — documented timings</option>
              <option value="0.1">0.1 — ten times faster</option>
              <option value="0">0 — instant</option>
            </select>
          </div>
          <Button onClick={send} busy={busy} className="@xl:w-32">Send</Button>
        </div>
        <div ref={outcome} className="space-y-5 empty:hidden">
          {failure && (
            <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
              The try-it panel refused the call ({failure.status}): <code className="font-mono break-all">{JSON.stringify(failure.body)}</code>
            </div>
          )}
          {result && <TryResultView result={result} asApp={Boolean(app)} />}
        </div>
      </div>
    </section>
  );
}
