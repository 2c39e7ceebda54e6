// How a callback body that reached the integrator's code differs from the one
// the portal sent (signature explain, signature-explain.ts): where the bytes
// part, and what the change looks like. Pure.

export type BodyChange = {
  /** The first differing byte (UTF-8) of the received body. */
  offset: number;
  /** What the change looks like. */
  looks: "re-serialised" | "re-encoded" | "trimmed" | "different";
  /** The same in words, e.g. "pretty-printed: JSON.stringify of the parsed body gives back what was sent". */
  how: string;
  /** A few characters of each around the offset. */
  sentAround: string;
  receivedAround: string;
};

const AROUND = 24;

function firstDifference(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a.charCodeAt(i) !== b.charCodeAt(i)) return i;
  return n;
}

function parse(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** Deep equality of two JSON values, key order ignored. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a), kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => Object.hasOwn(b, k) && sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

const decodeUnicodeEscapes = (s: string) => s.replace(/\\u([0-9a-fA-F]{4})/g, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16)));

/** How `received` came from `sent`, first test that fits. */
function classify(sent: string, received: string): Pick<BodyChange, "looks" | "how"> {
  if (received.length < sent.length && sent.startsWith(received)) {
    return { looks: "trimmed", how: `cut short: ${Buffer.byteLength(received)} of ${Buffer.byteLength(sent)} bytes arrived` };
  }
  if (received.trim() === sent.trim()) return { looks: "trimmed", how: "whitespace or a line break was added or removed at the start or end" };
  if (Buffer.from(sent, "utf8").toString("latin1") === received) {
    return { looks: "re-encoded", how: "the UTF-8 bytes were read as Latin-1 (each non-ASCII character became two or three)" };
  }
  if (received.replace(/\r\n/g, "\n") === sent.replace(/\r\n/g, "\n")) return { looks: "re-encoded", how: "line endings were changed (\\n and \\r\\n)" };
  if (received.charCodeAt(0) === 0xfeff && received.slice(1) === sent) return { looks: "re-encoded", how: "a byte-order mark (BOM) was added in front" };
  if (/^[A-Za-z0-9+/]+=*$/.test(received) && Buffer.from(received, "base64").toString("utf8") === sent) {
    return { looks: "re-encoded", how: "the body arrived Base64-encoded" };
  }
  if (decodeUnicodeEscapes(received) === sent || decodeUnicodeEscapes(sent) === received) {
    return { looks: "re-encoded", how: "non-ASCII characters were written as \\uXXXX escapes (or the escapes were decoded)" };
  }
  const [s, r] = [parse(sent), parse(received)];
  if (s.ok && r.ok && sameJson(s.value, r.value)) {
    if (JSON.stringify(r.value) === sent) return { looks: "re-serialised", how: "pretty-printed or spaced differently: JSON.stringify of the parsed body gives back what was sent" };
    return { looks: "re-serialised", how: "the same JSON written out again (keys re-ordered, numbers or spacing rewritten)" };
  }
  return { looks: "different", how: "a different body: not the one this delivery carried" };
}

/** null when the bodies are equal. */
export function compareBodies(sent: string, received: string): BodyChange | null {
  if (sent === received) return null;
  const i = firstDifference(sent, received);
  const from = Math.max(0, i - 8);
  return {
    offset: Buffer.byteLength(received.slice(0, i)),
    ...classify(sent, received),
    sentAround: sent.slice(from, i + AROUND),
    receivedAround: received.slice(from, i + AROUND),
  };
}
