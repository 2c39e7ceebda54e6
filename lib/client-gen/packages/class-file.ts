// Strings in a compiled Java class: the jar's classes are compiled once for every
// address (build-cache.ts), with a placeholder where the portal's address goes, and
// each server writes its own address into them. A string constant lives in the
// class's constant pool as a CONSTANT_Utf8 entry (JVMS §4.4.7: a tag, a u2 length,
// the bytes); entries are found by index, never by offset, so one may change length.

/** Bytes each constant-pool tag's entry takes after its tag (Utf8 excepted: its length says). JVMS §4.4. */
const FIXED: Record<number, number> = { 3: 4, 4: 4, 5: 8, 6: 8, 7: 2, 8: 2, 9: 4, 10: 4, 11: 4, 12: 4, 15: 3, 16: 2, 17: 4, 18: 4, 19: 2, 20: 2 };

function replaceAll(bytes: Buffer, from: Buffer, to: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (let i = bytes.indexOf(from); i >= 0; i = bytes.indexOf(from, at)) {
    parts.push(bytes.subarray(at, i), to);
    at = i + from.length;
  }
  parts.push(bytes.subarray(at));
  return Buffer.concat(parts);
}

/** The class file with `from` replaced by `to` in every string constant (both ASCII, as URLs are). */
export function replaceInClass(data: Buffer, from: string, to: string): Buffer {
  const f = Buffer.from(from, "utf8");
  if (data.indexOf(f) < 0) return data;
  const t = Buffer.from(to, "utf8");
  if (data.readUInt32BE(0) !== 0xcafebabe) throw new Error("not a class file");
  const count = data.readUInt16BE(8);
  const parts: Buffer[] = [data.subarray(0, 10)];
  let at = 10;
  for (let i = 1; i < count; i++) {
    const tag = data[at]!;
    if (tag === 1) {
      const length = data.readUInt16BE(at + 1);
      const text = replaceAll(data.subarray(at + 3, at + 3 + length), f, t);
      if (text.length > 0xffff) throw new Error("a string constant grew past 65535 bytes");
      const head = Buffer.alloc(3);
      head[0] = 1;
      head.writeUInt16BE(text.length, 1);
      parts.push(head, text);
      at += 3 + length;
      continue;
    }
    const size = FIXED[tag];
    if (size === undefined) throw new Error(`unknown constant-pool tag ${tag}`);
    parts.push(data.subarray(at, at + 1 + size));
    at += 1 + size;
    if (tag === 5 || tag === 6) i++; // long and double take two entries
  }
  parts.push(data.subarray(at));
  return Buffer.concat(parts);
}
