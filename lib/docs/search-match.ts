// The docs search's ranking, run in the browser over the index (search-index.ts):
// an exact code first (a resultCode, an error code, a scenario key, a field),
// then the title equal, starting with, having a word starting with, or
// containing the query, then entries whose title and text hold every word of it.
import type { SearchEntry, SearchKind } from "./search-index";

// A field is one of many (payoutId is in three places): it ranks a tier below
// the operations, APIs and guides its query also names ("payout" finds the
// Payouts API and Send a payout before payoutId), unless it is the query itself.
const KIND_BONUS: Record<SearchKind, number> = {
  operation: 30, guide: 25, api: 25, section: 20, endpoint: 15, "result code": 12, "error code": 12, scenario: 10, field: -80,
};

function score(e: SearchEntry, q: string, words: string[]): number {
  const title = e.title.toLowerCase();
  const code = e.code?.toLowerCase();
  if (code === q) return 1000;
  if (title === q) return 900;
  // A field's code is its title: it takes the title's tiers below.
  if (e.kind !== "field" && code?.startsWith(q)) return 700;
  if (title.startsWith(q)) return 600;
  if (title.split(/[^a-z0-9_]+/).some((w) => w.startsWith(q))) return 500;
  if (title.includes(q)) return 400;
  const text = e.text.toLowerCase();
  if (!words.every((w) => title.includes(w) || text.includes(w))) return 0;
  // Below every title match whatever the number of words (a kind's bonus included).
  return 100 + Math.round((150 * words.filter((w) => title.includes(w)).length) / words.length);
}

/** The best `limit` entries for `query`, best first; none for a blank query. */
export function rankEntries(entries: readonly SearchEntry[], query: string, limit = 20): SearchEntry[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  const words = q.split(/\s+/);
  return entries
    .map((e) => ({ e, s: score(e, q, words) }))
    .filter((r) => r.s > 0)
    .sort((a, b) => b.s + KIND_BONUS[b.e.kind] - (a.s + KIND_BONUS[a.e.kind]))
    .slice(0, limit)
    .map((r) => r.e);
}
