// The hot paths' SQL, written once for SQLite and PostgreSQL (the stores in
// lib/gateway/store and lib/callbacks/store). A statement is a tagged template
// with named parameters, sql`… WHERE "id" = ${param("id")}`; each dialect
// renders it (lib/db/sqlite.ts `prepare`: `?` per occurrence; lib/db/pg.ts
// `named`: `$n` per name) with the order its values bind in. Fragments nest:
// their parameters, the row type they read and how SQLite stores their
// columns travel with them. Tables are described from the Prisma models
// (lib/db/tables.ts), so column lists and row types are never typed by hand.
import type { Dialect } from "@/lib/config";

/** A value bound to a parameter; each dialect encodes dates, booleans and NUL its own way. */
export type Value = string | number | boolean | Date | null | undefined;

/** How SQLite keeps a column that its driver does not read back as the model's type. */
export type Kind = "date" | "bool";
type Kinds = Readonly<Record<string, Kind>>;

/** A named parameter. A dotted name (`log.appId`) reads a field of an object parameter. */
export class Param<N extends string = string> {
  declare readonly _name: N;
  /** `pgType`: cast on PostgreSQL, where a parameter's type cannot be inferred (a SELECT list). */
  constructor(readonly name: N, readonly pgType?: string) {}
}

/** SQL text with parameters; `P` is what it binds, `R` the row it reads. */
export class Sql<P = object, R = object> {
  declare readonly _params: P;
  declare readonly _row: R;
  constructor(readonly parts: readonly (string | Param)[], readonly kinds: Kinds = {}) {}

  /** Names the type of what this fragment reads where it is not a model's column (an expression, a raw value). */
  reads<T>(): Sql<P, R & T> {
    return this as unknown as Sql<P, R & T>;
  }
}

/** What a statement or fragment binds, and the row it reads. */
export type ParamsOf<S extends Sql<object, object>> = S["_params"];
export type RowOf<S extends Sql<object, object>> = S["_row"];

export const param = <N extends string>(name: N, pgType?: string) => new Param(name, pgType);

type Piece = Param | Sql<object, object>;
type PieceParams<X> = X extends Param<infer N> ? { [K in N]: Value } : X extends Sql<infer P, object> ? P : never;
type PieceRow<X> = X extends Sql<object, infer R> ? R : never;
type Intersect<U> = [U] extends [never] ? object : (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/** A statement or a fragment: parameters and nested fragments only, never a value spliced into the text. */
export function sql<const X extends readonly Piece[]>(
  strings: TemplateStringsArray,
  ...pieces: X
): Sql<Intersect<PieceParams<X[number]>>, Intersect<PieceRow<X[number]>>> {
  const parts: (string | Param)[] = [];
  let kinds: Kinds = {};
  const add = (part: string | Param) => {
    const last = parts.length - 1;
    if (typeof part === "string" && typeof parts[last] === "string") parts[last] = parts[last] + part;
    else parts.push(part);
  };
  strings.forEach((s, i) => {
    add(s);
    const piece = pieces[i];
    if (piece instanceof Param) add(piece);
    else if (piece) {
      piece.parts.forEach(add);
      kinds = { ...kinds, ...piece.kinds };
    }
  });
  return new Sql(parts, kinds);
}

type KeysWhere<M, T> = { [K in keyof M]-?: T extends M[K] ? K : never }[keyof M];
/** Every Date and boolean column of model `M`, and no other: what SQLite's rows must be decoded for. */
export type KindsOf<M> = { [K in KeysWhere<M, Date>]: "date" } & { [K in KeysWhere<M, boolean>]: "bool" };

export type Table<M> = {
  /** `a."x", a."y"`: these columns (of alias `a`, when given), read as the model types them. */
  cols<const C extends keyof M & string>(names: readonly C[], alias?: string): Sql<object, Pick<M, C>>;
  /** INSERT of one row given as parameter `key`: every column of the model but `omit` (left to their defaults). */
  insert<const K extends string, const O extends keyof M & string = never>(key: K, omit?: readonly O[]): Sql<{ [k in K]: Omit<M, O> }>;
  /**
   * The same row as `INSERT … SELECT <values> <tail>` (e.g. sql`FROM r`): written
   * only when `tail` yields a row. PostgreSQL types the values from the columns.
   * `exprs`: columns whose value is an expression instead of the row's field
   * (e.g. one read from another CTE).
   */
  insertSelect<const K extends string, const O extends keyof M & string = never, P = object, E extends object = object>(
    key: K, omit: readonly O[], tail: Sql<P, object>, exprs?: { readonly [C in Exclude<keyof M & string, O>]?: Sql<E, object> },
  ): Sql<{ [k in K]: Omit<M, O> } & P & E>;
  /**
   * INSERT of many rows at once, given as parameter `key` (a JSON array of
   * them): every column but `omit`. PostgreSQL only (`json_populate_recordset`).
   */
  insertRows<const K extends string, const O extends keyof M & string = never>(key: K, omit?: readonly O[]): Sql<{ [k in K]: string }>;
};

/**
 * A table as the Prisma model `M` describes it: `fields` is the generated
 * client's `<Model>ScalarFieldEnum` (its columns at run time), `kinds` its
 * dates and booleans (checked against the model by the compiler).
 */
export function table<M>(name: string, fields: { readonly [K in keyof M]: K }, kinds: KindsOf<M>): Table<M> {
  const all = Object.keys(fields) as (keyof M & string)[];
  const kindOf = kinds as Kinds;
  const quoted = (c: string) => `"${c}"`;
  /** `INSERT INTO t (cols) <values>` and one parameter per column, comma-separated. */
  const into = (key: string, omit: readonly string[], values: string, exprs: Readonly<Record<string, Sql<object, object> | undefined>> = {}) => {
    const cols = all.filter((c) => !omit.includes(c));
    const parts: (string | Param)[] = [`INSERT INTO ${quoted(name)} (${cols.map(quoted).join(", ")}) ${values}`];
    cols.forEach((c, i) => parts.push(...(exprs[c]?.parts ?? [new Param(`${key}.${c}`)]), ...(i < cols.length - 1 ? [", "] : [])));
    return parts;
  };
  return {
    cols(names, alias) {
      const text = names.map((c) => (alias ? `${alias}.${quoted(c)}` : quoted(c))).join(", ");
      return new Sql([text], Object.fromEntries(names.filter((c) => kindOf[c]).map((c) => [c, kindOf[c]!])));
    },
    insert(key, omit = []) {
      return new Sql([...into(key, omit, "VALUES ("), ")"]);
    },
    insertSelect(key, omit, tail, exprs) {
      return new Sql([...into(key, omit, "SELECT ", exprs), " ", ...tail.parts]);
    },
    insertRows(key, omit = []) {
      const cols = all.filter((c) => !(omit as readonly string[]).includes(c)).map(quoted).join(", ");
      return new Sql([`INSERT INTO ${quoted(name)} (${cols}) SELECT ${cols} FROM json_populate_recordset(NULL::${quoted(name)}, `, new Param(key, "json"), ")"]);
    },
  };
}

/** A statement as one dialect runs it: its text, and the parameters' values in binding order. */
export type Compiled = { text: string; bind: (params: object) => unknown[] };

/**
 * SQLite binds one value per `?`, in order (a name used twice is bound twice);
 * PostgreSQL numbers each name once (`$n`) and casts where `pgType` says.
 */
export function compile(s: Pick<Sql, "parts">, dialect: Dialect, encode: (v: Value) => unknown): Compiled {
  let text = "";
  const names: string[] = [];
  for (const part of s.parts) {
    if (typeof part === "string") text += part;
    else if (dialect === "sqlite") {
      text += "?";
      names.push(part.name);
    } else {
      const at = names.includes(part.name) ? names.indexOf(part.name) : names.push(part.name) - 1;
      text += `$${at + 1}${part.pgType ? `::${part.pgType}` : ""}`;
    }
  }
  // Names are `key` or `object.key` (table.insert): two lookups at most, in a plain loop (the hot path binds millions).
  const outer = names.map((n) => n.split(".")[0]!);
  const inner = names.map((n) => n.split(".")[1]);
  const bind = (params: object) => {
    const values = new Array<unknown>(names.length);
    for (let i = 0; i < names.length; i++) values[i] = encode(valueAt(params, outer[i]!, inner[i]));
    return values;
  };
  return { text, bind };
}

function valueAt(params: object, outer: string, inner: string | undefined): Value {
  const v = (params as Record<string, unknown>)[outer];
  return (inner === undefined ? v : (v as Record<string, unknown> | undefined)?.[inner]) as Value;
}

/**
 * The statement with each parameter's value written into its text by
 * `literal` (which must quote and escape it), for PostgreSQL's simple query
 * protocol: several statements in one round trip, one implicit transaction.
 */
export function inline(s: Pick<Sql, "parts">, params: object, literal: (v: Value) => string): string {
  let text = "";
  for (const part of s.parts) {
    if (typeof part === "string") text += part;
    else {
      const [outer, inner] = part.name.split(".");
      text += `${literal(valueAt(params, outer!, inner))}${part.pgType ? `::${part.pgType}` : ""}`;
    }
  }
  return text;
}
