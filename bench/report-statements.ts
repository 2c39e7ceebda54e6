// The markdown of bench/pg-statements.ts: per route, PostgreSQL's time by
// statement, then the rows every call touches (updates, HOT updates, dead
// tuples), index entries written, the indexes the run used, and commits.
import type { StatementsRun } from "./pg-statements";

const f = (n: number | undefined, d = 0) => (n !== undefined && Number.isFinite(n) ? n.toLocaleString("en", { minimumFractionDigits: d, maximumFractionDigits: d }) : "–");
const pct = (x: number) => `${f(100 * x, 1)}%`;

/** A statement's text on one line, short enough for a table cell. */
export function label(query: string, max = 110): string {
  const one = query.replace(/\s+/g, " ").trim().replace(/\|/g, "\\|");
  return `\`${one.length > max ? `${one.slice(0, max - 1)}…` : one}\``;
}

/** Index entries a run wrote: every insert, and every update that is not HOT, adds one entry to each of its table's indexes. */
export const indexEntries = (t: { ins: number; upd: number; hotUpd: number; indexes: number }) => (t.ins + t.upd - t.hotUpd) * t.indexes;

export function statementSections(runs: StatementsRun[], about: string): string[] {
  if (!runs.length) return [];
  return [
    `## PostgreSQL per statement (pg_stat_statements; ${about})`,
    "",
    "One run per route on the PostgreSQL instance (16 connections, push until its last callback arrived), pg_stat_statements reset just before it. Time is PostgreSQL's own (planning + execution, top-level statements), the share is of the sum over the statements; the portal's CPU and the backends' CPU from /proc over the same run are beside it: what the backends spend outside any statement (parsing, the protocol, commit and its WAL flush, which no statement is charged with) is the gap. Blocks are shared buffers (8 kB); WAL bytes include full-page images.",
    "",
    ...runs.flatMap((r) => {
      const calls = r.run.count;
      const top = r.statements.filter((s) => s.toplevel);
      const total = top.reduce((n, s) => n + s.execMs + s.planMs, 0);
      const sum = (k: "calls" | "rows" | "blksHit" | "blksDirtied" | "walBytes" | "walFpi") => top.reduce((n, s) => n + s[k], 0);
      const per = (n: number) => f(n / calls, 2);
      const nested = r.statements.length - top.length;
      const touched = r.tables;
      const entries = touched.reduce((n, t) => n + indexEntries(t), 0);
      const unused = r.indexes.filter((i) => i.scans === 0 && touched.some((t) => t.table === i.table && t.ins + t.upd > 0));
      return [
        `### ${r.route}: ${f(calls)} calls, ${f(r.run.sustained)} req/s; statements ${f((1000 * total) / calls)} ms per 1,000 calls, PostgreSQL backends' CPU ${f((1000 * (r.cpu.dbMs ?? NaN)) / calls)} ms, portal ${f((1000 * r.cpu.portalMs) / calls)} ms`,
        "",
        "| statement | calls | per call | mean ms | total ms | share | rows | blocks hit | blocks dirtied | WAL bytes (full pages) |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
        ...top.map((s) => `| ${label(s.query)} | ${f(s.calls)} | ${per(s.calls)} | ${f((s.execMs + s.planMs) / s.calls, 3)}${s.planMs > 0.05 * s.execMs ? ` (plan ${f(s.planMs / s.calls, 3)})` : ""} | ${f(s.execMs + s.planMs)} | ${pct((s.execMs + s.planMs) / total)} | ${f(s.rows)} | ${f(s.blksHit)} | ${f(s.blksDirtied)} | ${f(s.walBytes)} (${f(s.walFpi)}) |`),
        `| **per ${r.route}** | | ${per(sum("calls"))} | | ${f(total / calls, 3)} | | ${per(sum("rows"))} | ${per(sum("blksHit"))} | ${per(sum("blksDirtied"))} | ${f(sum("walBytes") / calls)} |`,
        "",
        ...(nested ? [`(${nested} nested statements left out of the share.)`, ""] : []),
        `Commits per call: **${f(r.commits / calls, 2)}** (pg_stat_database, ${f(r.commits)} less the idle dispatcher's ${f(r.idleCommitsPerS, 1)}/s over ${f(r.settleS)} s). WAL per call, the whole cluster: ${f(r.wal.bytes / calls)} bytes, ${f(r.wal.records / calls, 1)} records, ${f(r.wal.fpi / calls, 2)} full-page images.`,
        "",
        "| table | inserted / call | updated / call | of which HOT | deleted / call | dead tuples after | autovacuums | indexes | index entries written / call |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
        ...touched.map((t) => `| ${t.table} | ${per(t.ins)} | ${per(t.upd)} | ${t.upd ? pct(t.hotUpd / t.upd) : "–"} | ${per(t.del)} | ${f(t.deadAfter)} | ${f(t.autovacuums)} | ${t.indexes} | ${per(indexEntries(t))} |`),
        `| **all** | | | | | | | | **${per(entries)}** |`,
        "",
        `Index entries written are derived: each insert, and each update that is not HOT, adds one entry to every index of its table. ${unused.length ? `Indexes of the written tables that no statement of this run scanned: ${unused.map((i) => `\`${i.index}\``).join(", ")} (other paths, the console's, may need them).` : "Every index of the written tables was scanned."}`,
        "",
      ];
    }),
  ];
}
