// Benchmark experiment only (BENCH_SQLITE_SYNCHRONOUS=NORMAL npm run bench):
// preloaded into the server processes with --require, it runs
// `PRAGMA synchronous = <value>` on every better-sqlite3 connection before its
// first statement, to measure what the per-commit fsync of the default
// (FULL) costs. The app itself is not changed.
"use strict";
const path = require("node:path");
const value = process.env.BENCH_SQLITE_SYNCHRONOUS;
if (value && /^(OFF|NORMAL|FULL|EXTRA)$/i.test(value)) {
  const Database = require(require.resolve("better-sqlite3", { paths: [path.resolve(__dirname, "..")] }));
  const prepare = Database.prototype.prepare;
  const done = new WeakSet();
  Database.prototype.prepare = function (sql) {
    if (!done.has(this)) {
      done.add(this);
      this.pragma(`synchronous = ${value}`);
    }
    return prepare.call(this, sql);
  };
}
