// The docs search's index (lib/docs/search-index.ts), its ranking
// (lib/docs/search-match.ts) and the side panel's per-scenario samples (lib/docs/panel.ts).
import { describe, expect, it } from "vitest";
import { operationById, operations } from "@/lib/catalog";
import { ERROR_TEXT } from "@/lib/docs/error-text";
import { GUIDES, guideHeadings } from "@/lib/docs/guides";
import { panelScenarios } from "@/lib/docs/panel";
import { searchIndex } from "@/lib/docs/search-index";
import { rankEntries } from "@/lib/docs/search-match";

describe("the docs search index", () => {
  const index = searchIndex();

  it("has every guide, operation, scenario, resultCode and documented error code, each linking to an anchor that exists", () => {
    for (const g of GUIDES) expect(index).toContainEqual(expect.objectContaining({ kind: "guide", href: g.href }));
    for (const op of operations) {
      expect(index.filter((e) => e.kind === "operation").map((e) => e.title)).toContain(op.summary);
      for (const s of op.scenarios) expect(index).toContainEqual(expect.objectContaining({ kind: "scenario", code: s.key, href: expect.stringMatching(new RegExp(`#scenario-${s.key}$`)) }));
    }
    expect(index.filter((e) => e.kind === "error code").map((e) => e.code).sort()).toEqual(Object.keys(ERROR_TEXT).sort());
    expect(index.find((e) => e.code === "VALIDATION_ERROR")!.href).toBe("/docs/errors#error-VALIDATION_ERROR");
  });

  it("reads the guides' headings from their pages, with the ids the pages give them", () => {
    const callbacks = guideHeadings(GUIDES.find((g) => g.href === "/docs/callbacks")!);
    expect(callbacks).toContainEqual({ id: "at-least-once", text: "At-least-once: deduplicate on x-svc-delivery" });
    expect(callbacks).toContainEqual({ id: "worked-example", text: "Worked example" });
    const testing = guideHeadings(GUIDES.find((g) => g.href === "/docs/testing")!);
    expect(testing).toContainEqual({ id: "faults", text: "Callback faults: test your receiver's robustness" });
  });

  it("ranks an exact code first: 1032 is the cancelled scenario of Collect push", () => {
    const [first] = rankEntries(index, "1032");
    expect(first).toMatchObject({ kind: "result code", code: "1032", href: "/docs/collect/push#scenario-cancelled" });
    expect(rankEntries(index, "validation_error")[0]).toMatchObject({ kind: "error code", code: "VALIDATION_ERROR" });
  });

  it("then prefix, then a word's start, then substring, then every word anywhere; a blank query finds nothing", () => {
    const titles = rankEntries(index, "callb").map((e) => e.title.toLowerCase());
    expect(titles[0]!.startsWith("callb")).toBe(true);
    const words = rankEntries(index, "payment prompt cancel");
    expect(words.length).toBeGreaterThan(0);
    expect(words.every((e) => `${e.title} ${e.text}`.toLowerCase().includes("cancel"))).toBe(true);
    // The tiers in order, on entries of one kind (no kind bonus between them).
    const e = (title: string, text = "") => ({ title, text, kind: "field" as const, href: `#${title}` });
    const tiers = [e("x in text only", "pay out now"), e("repayout"), e("send payout"), e("payout status"), e("payout")];
    expect(rankEntries(tiers, "payout").map((x) => x.title)).toEqual(["payout", "payout status", "send payout", "repayout"]);
    // Every word in the title, however many, stays below a substring match of the whole query.
    const many = [e("a b c d e f g h"), e("xxa b c d e f g hxx")];
    expect(rankEntries(many, "a b c d e f g h").map((x) => x.title)).toEqual(["a b c d e f g h", "xxa b c d e f g hxx"]);
    const spread = [e("alpha beta gamma delta epsilon zeta eta theta iota kappa"), { ...e("the alpha beta"), kind: "field" as const }];
    expect(rankEntries([...spread, e("zzz alpha beta gamma delta epsilon zeta eta theta iota kappa zzz")], "alpha beta gamma delta epsilon zeta eta theta iota kappa")[0]!.title).toBe("alpha beta gamma delta epsilon zeta eta theta iota kappa");
    expect(rankEntries(index, "   ")).toEqual([]);
    expect(rankEntries(index, "zzqx-nothing")).toEqual([]);
  });
});

describe("the operation page's side panel", () => {
  const push = operationById("collect.push")!;
  const entries = panelScenarios(push);

  it("has the call without the header (the default scenario's answer) and one entry per scenario", () => {
    expect(entries.map((e) => e.key)).toEqual(["", ...push.scenarios.map((s) => s.key)]);
    expect(entries[0]!.samples.map((s) => s.lang)).toEqual(["curl", "node", "python", "php", "java"]);
    expect(entries[0]!.samples.every((s) => !s.code.includes("X-Svc-Scenario"))).toBe(true);
  });

  it("each scenario's samples force it with the header, and its answer is the engine's", () => {
    const cancelled = entries.find((e) => e.key === "cancelled")!;
    for (const s of cancelled.samples) expect(s.code).toMatch(/X-Svc-Scenario.{0,6}cancelled/);
    expect(cancelled.response.status).toBe(202);
    expect(cancelled.callback?.body).toMatchObject({ resultCode: 1032 });
    const invalid = entries.find((e) => e.key === "invalid_phone")!;
    expect(invalid.response).toMatchObject({ status: 400, body: { error: "INVALID_PHONE_NUMBER" } });
    expect(invalid.callback).toBeUndefined();
  });

  it("every entry's answer and callback are for the request its samples send (their body, curl's too, filled for the reader's app)", () => {
    const fill = { appId: "app_reader", inspectorUrl: "http://localhost:3000/inspect/app_reader" };
    for (const op of operations) {
      for (const entry of panelScenarios(op, fill)) {
        const curl = entry.samples.find((s) => s.lang === "curl")!.code;
        const sent = /-d '([\s\S]*)'$/.exec(curl)?.[1];
        if (!sent) continue; // no body
        const body = JSON.parse(sent) as Record<string, unknown>;
        if ("callbackUrl" in body) expect(body.callbackUrl, `${op.id} ${entry.key}`).toBe(fill.inspectorUrl);
        for (const answer of [entry.response.body, entry.callback?.body]) {
          if (!answer || typeof answer !== "object" || "error" in answer) continue; // an error body's message is not an echo
          for (const [k, v] of Object.entries(answer)) if (k in body && k !== "callbackUrl") expect([op.id, entry.key, k, v]).toEqual([op.id, entry.key, k, body[k]]);
        }
      }
    }
  });
});
