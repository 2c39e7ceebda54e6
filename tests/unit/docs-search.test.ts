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

  it("then prefix, then substring, then every word anywhere; a blank query finds nothing", () => {
    const titles = rankEntries(index, "callb").map((e) => e.title.toLowerCase());
    expect(titles[0]!.startsWith("callb")).toBe(true);
    const words = rankEntries(index, "payment prompt cancel");
    expect(words.length).toBeGreaterThan(0);
    expect(words.every((e) => `${e.title} ${e.text}`.toLowerCase().includes("cancel"))).toBe(true);
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
});
