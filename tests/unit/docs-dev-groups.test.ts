// The developer API's reference split by the catalog's groups (lib/docs/dev-groups.ts):
// every endpoint on exactly one group page, the old one-page anchors sent on,
// and every link into the pages (search, guides, README, samples) resolving.
import { readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import * as devapi from "@/lib/catalog/dev-endpoints";
import { devEndpoints } from "@/lib/catalog/dev-endpoints";
import { devAnchor } from "@/lib/docs/devapi-docs";
import { DEV_GROUP_WORDS, DEV_GROUPS, DEV_SECTIONS, devHref, findDevGroup, movedDevAnchors } from "@/lib/docs/dev-groups";
import { guideHeadings } from "@/lib/docs/guides";
import { searchIndex } from "@/lib/docs/search-index";

/** The overview's own sections: its headings and a box per group. */
const OVERVIEW = [...guideHeadings({ href: "/docs/dev", label: "" }).map((h) => h.id), ...DEV_GROUPS.map((g) => `group-${g.slug}`)];

/** Does `/docs/dev/<slug>#<id>` address a section that its page renders? */
function resolves(href: string): boolean {
  const m = /^\/docs\/dev\/([\w-]+)(?:#(.+))?$/.exec(href);
  if (!m) return href === "/docs/dev" || OVERVIEW.some((id) => href === `/docs/dev#${id}`);
  const g = findDevGroup(m[1]!);
  if (!g) return false;
  return !m[2] || g.endpoints.some((e) => devAnchor(e) === m[2]) || DEV_SECTIONS.some((s) => s.group === g.slug && s.id === m[2]);
}

describe("the developer API's group pages", () => {
  it("are the catalog's groups, in its order, with every endpoint on exactly one", () => {
    const arrays = Object.entries(devapi).filter(([k, v]) => k.endsWith("Endpoints") && k !== "devEndpoints" && Array.isArray(v));
    expect(DEV_GROUPS.map((g) => g.key).sort()).toEqual(arrays.map(([k]) => k).sort());
    expect(DEV_GROUPS.flatMap((g) => g.endpoints)).toEqual([...devEndpoints]);
    for (const [k, v] of arrays) expect(DEV_GROUPS.find((g) => g.key === k)!.endpoints).toBe(v);
  });

  it("each has its words (address, title, intro), with no words for a group the catalog does not have", () => {
    expect(Object.keys(DEV_GROUP_WORDS).sort()).toEqual(DEV_GROUPS.map((g) => g.key).sort());
    for (const g of DEV_GROUPS) expect(g.title.length * g.intro.length, g.key).toBeGreaterThan(0);
    expect(new Set(DEV_GROUPS.map((g) => g.slug)).size).toBe(DEV_GROUPS.length);
    expect(DEV_GROUPS.map((g) => g.slug)).toEqual(expect.arrayContaining(["settings", "callbacks", "listen", "resources", "sandboxes", "go-live"]));
  });

  it("sends every anchor of the one-page /docs/dev to the page that has it now", () => {
    const moved = movedDevAnchors();
    expect(moved["dev-signatures-explain"]).toBe("/docs/dev/go-live#dev-signatures-explain");
    expect(moved["dev-test_numbers-add"]).toBe("/docs/dev/test-numbers#dev-test_numbers-add");
    expect(moved["time-scale"]).toBe("/docs/dev/settings#time-scale");
    expect(OVERVIEW).toEqual(expect.arrayContaining(["base-url", "errors", "endpoints"]));
    for (const id of OVERVIEW) expect(moved[id], id).toBeUndefined();
    for (const e of devEndpoints) expect(moved[devAnchor(e)]).toBe(devHref(e));
    for (const href of Object.values(moved)) expect(resolves(href), href).toBe(true);
  });

  it("the search finds each endpoint and group on its page", () => {
    const index = searchIndex();
    const endpoints = index.filter((e) => e.kind === "endpoint");
    expect(endpoints.map((e) => e.code)).toEqual(devEndpoints.map((e) => e.path));
    for (const e of index.filter((x) => x.href.startsWith("/docs/dev"))) expect(resolves(e.href), e.href).toBe(true);
    expect(index.find((e) => e.kind === "endpoint" && e.title === "Wait for a callback")!.href).toBe("/docs/dev/callbacks#dev-callbacks-wait");
    for (const g of DEV_GROUPS) expect(index).toContainEqual(expect.objectContaining({ title: g.title, href: `/docs/dev/${g.slug}` }));
    expect(index.find((e) => e.title === "Time scale" && e.href.startsWith("/docs/dev"))!.href).toBe("/docs/dev/settings#time-scale");
  });

  it("every link into /docs/dev in the sources, README, samples and CLI addresses a page and section that exist", () => {
    const files = execFileSync("git", ["ls-files", "app", "components", "lib", "public", "cli", "README.md"], { encoding: "utf8" }).split("\n").filter(Boolean);
    const links = files.flatMap((f) => [...readFileSync(f, "utf8").matchAll(/\/docs\/dev(?:\/[\w-]+)?(?:#[\w-]+)?(?=["'`)\s;.,])/g)].map((m) => ({ f, href: m[0] })));
    expect(links.length).toBeGreaterThan(3);
    const bad = links.filter((l) => !resolves(l.href));
    expect(bad, bad.map((l) => `${l.f}: ${l.href}`).join("\n")).toEqual([]);
  });
});
