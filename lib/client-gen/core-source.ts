// The clients' fixed cores are real source files in their languages in
// lib/client-gen/core/ (checked by each language's own tools:
// tests/unit/client-cores.test.ts); each generator embeds its language's
// file in every API's client. Read when a client is served, from the
// repository the portal runs in (its root is the working directory, as for
// /cli/sandbox.mjs).
import fs from "node:fs";
import path from "node:path";
import { operations } from "@/lib/catalog";
import { FAULT_HEADER, SCENARIO_HEADER } from "@/lib/engine";
import { TIME_SCALE_HEADER } from "./options";

/** One language's core file and how it is embedded. */
export type Core = {
  /** Its name in lib/client-gen/core/. */
  file: string;
  /** The file's own heading (its comment, and what the client writes itself: package, namespace), matched at its start and left out. */
  heading: RegExp;
  /** A string literal of the language. */
  quote: (value: string) => string;
};

/** A value for a marked line: a string (written as the language's literal) or code written as it is (a type). */
export type CoreValue = string | { code: string };

/**
 * The body field a core reads to know a call is safe to send again (the same request: same
 * value, same body): the catalog's `referenceField`, one name for every operation that has one.
 */
export function referenceField(ops: readonly { id: string; referenceField?: string }[] = operations): string {
  const names = [...new Set(ops.flatMap((op) => (op.referenceField ? [op.referenceField] : [])))];
  if (names.length !== 1) throw new Error(`the clients' cores read one reference field; the catalog names ${names.length ? names.join(", ") : "none"}`);
  return names[0]!;
}

/** The values every core gets: the request headers of the clients' options (./options.ts) and the reference field. */
const contract = (): Record<string, CoreValue> => ({ SCENARIO_HEADER, TIME_SCALE_HEADER, FAULT_HEADER, REFERENCE_FIELD: referenceField() });

/** A line whose first string literal the generator fills: it ends in a comment `generator: NAME`. */
const MARKED = /^(.*?)(["'])(?:\\.|(?!\2)[^\\\n])*\2(.*?)[ \t]*(?:\/\/|#) generator: (\w+)$/gm;

export const coreDir = () => path.join(process.cwd(), "lib", "client-gen", "core");

/**
 * The core as a client embeds it: the file without its heading, each marked
 * line's string replaced by its value (those of ./options.ts, then `values`; a
 * `{ code }` value replaces the literal with that code), the
 * marker comment dropped. Every value must have its line and every marked
 * line its value.
 */
export function coreSource(core: Core, values: Record<string, CoreValue> = {}): string {
  const text = fs.readFileSync(path.join(coreDir(), core.file), "utf8");
  const heading = core.heading.exec(text);
  if (heading?.index !== 0) throw new Error(`${core.file} does not start with its heading (${core.heading})`);
  const all = { ...contract(), ...values };
  const unfilled = new Set(Object.keys(all));
  const body = text.slice(heading[0].length).replace(MARKED, (_line, before: string, _quote, after: string, name: string) => {
    if (!Object.hasOwn(all, name)) throw new Error(`${core.file}: the generator has no value ${name}`);
    unfilled.delete(name);
    const value = all[name]!;
    return `${before}${typeof value === "string" ? core.quote(value) : value.code}${after}`;
  });
  const stray = /generator: \w+$/m.exec(body);
  if (stray) throw new Error(`${core.file}: "${stray[0]}" marks a line without a string literal`);
  if (unfilled.size) throw new Error(`${core.file}: no line is marked generator: ${[...unfilled].join(", ")}`);
  return body.trimEnd();
}
