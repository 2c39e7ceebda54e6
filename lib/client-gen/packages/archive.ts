// The client packages' archives, written with Node's zlib: zip (wheels, jars,
// the Composer dist) and gzipped ustar (the npm tarball). Deterministic: a
// fixed modification time and the entries in the order given, so the same
// files give the same bytes (and the same hashes and ETags).
import { createHash } from "node:crypto";
import zlib from "node:zlib";

export type Entry = { path: string; data: Buffer | string };

const bytes = (d: Buffer | string) => (typeof d === "string" ? Buffer.from(d, "utf8") : d);

/** 1980-01-01 00:00 in MS-DOS form: the earliest a zip can say, for every entry. */
const DOS_TIME = 0;
const DOS_DATE = (0 << 9) | (1 << 5) | 1;

/** A zip archive, each entry deflated; names in UTF-8 (flag bit 11). */
export function zip(entries: Entry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.path, "utf8");
    const raw = bytes(e.data);
    const packed = zlib.deflateRawSync(raw, { level: 9 });
    const crc = zlib.crc32(raw);
    // The fields a local header and its central directory record share, in the same order.
    const common = (b: Buffer, at: number) => {
      b.writeUInt16LE(20, at); // version needed
      b.writeUInt16LE(0x0800, at + 2); // UTF-8 names
      b.writeUInt16LE(8, at + 4); // deflate
      b.writeUInt16LE(DOS_TIME, at + 6);
      b.writeUInt16LE(DOS_DATE, at + 8);
      b.writeUInt32LE(crc, at + 10);
      b.writeUInt32LE(packed.length, at + 14);
      b.writeUInt32LE(raw.length, at + 18);
      b.writeUInt16LE(name.length, at + 22);
      return b;
    };
    const local = common(Buffer.alloc(30), 4);
    local.writeUInt32LE(0x04034b50, 0);
    const central = common(Buffer.alloc(46), 6);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(0x0314, 4); // made by: Unix, 2.0
    central.writeUInt32LE((0o100644 << 16) >>> 0, 38); // a regular file, rw-r--r--
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

/** 2000-01-01T00:00:00Z: every tar entry's mtime. */
const TAR_MTIME = 946_684_800;

function tarHeader(name: string, size: number): Buffer {
  const h = Buffer.alloc(512);
  const path = Buffer.from(name, "utf8");
  if (path.length > 100) throw new Error(`tar: ${name} is longer than 100 bytes`);
  path.copy(h, 0);
  const octal = (n: number, width: number, at: number) => h.write(`${n.toString(8).padStart(width - 1, "0")}\0`, at, "ascii");
  octal(0o644, 8, 100);
  octal(0, 8, 108);
  octal(0, 8, 116);
  octal(size, 12, 124);
  octal(TAR_MTIME, 12, 136);
  h.write("        ", 148, "ascii"); // the checksum counts itself as spaces
  h.write("0", 156, "ascii");
  h.write("ustar\u000000", 257, "ascii");
  let sum = 0;
  for (const b of h) sum += b;
  h.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148, "ascii");
  return h;
}

/** A gzipped ustar archive of regular files. */
export function tgz(entries: Entry[]): Buffer {
  const parts: Buffer[] = [];
  for (const e of entries) {
    const data = bytes(e.data);
    parts.push(tarHeader(e.path, data.length), data, Buffer.alloc((512 - (data.length % 512)) % 512));
  }
  parts.push(Buffer.alloc(1024));
  return zlib.gzipSync(Buffer.concat(parts), { level: 9 });
}

export const sha256 = (d: Buffer | string) => createHash("sha256").update(d).digest();
export const sha1Hex = (d: Buffer | string) => createHash("sha1").update(d).digest("hex");
