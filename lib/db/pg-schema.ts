// The PostgreSQL schema is derived from prisma/schema.prisma, never edited by
// hand: same models, another provider and another generated client. The models
// are portable (no provider-only types), so only the header differs.
import fs from "node:fs";
import path from "node:path";

export const SQLITE_SCHEMA = path.join("prisma", "schema.prisma");
export const PG_SCHEMA = path.join("prisma", "postgresql", "schema.prisma");

const HEADER = `// GENERATED from prisma/schema.prisma by \`npm run db:pg-schema\`: do not edit.
// Edit prisma/schema.prisma, then run \`npm run db:pg-schema\` and \`npm run db:diff -- <name>\`.
`;

/** The PostgreSQL schema text for the SQLite schema text; throws when a model uses a provider-only feature. */
export function derivePgSchema(sqlite: string): string {
  const native = sqlite.match(/@db\.\w+/);
  if (native) throw new Error(`prisma/schema.prisma uses ${native[0]}: keep the models portable (no provider-only types)`);
  const out = sqlite
    .replace(/(datasource\s+db\s*\{[^}]*provider\s*=\s*)"sqlite"/, '$1"postgresql"')
    .replace(/(generator\s+client\s*\{[^}]*output\s*=\s*)"\.\.\/lib\/generated\/prisma"/, '$1"../../lib/generated/prisma-pg"');
  if (!out.includes('"postgresql"') || !out.includes("prisma-pg")) {
    throw new Error("prisma/schema.prisma: expected a sqlite datasource and the generator output ../lib/generated/prisma");
  }
  return HEADER + out;
}

/** Writes the derived schema; true when it changed. */
export function writePgSchema(root = process.cwd()): boolean {
  const next = derivePgSchema(fs.readFileSync(path.join(root, SQLITE_SCHEMA), "utf8"));
  const file = path.join(root, PG_SCHEMA);
  const prev = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
  if (prev === next) return false;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, next);
  return true;
}
