// Round trips to PostgreSQL, counted on the wire: a TCP proxy between one
// portal and the server that reads the server's messages (protocol 3) and
// counts ReadyForQuery ('Z': one per round trip, the end of each simple query
// or extended-protocol Sync) and CommandComplete ('C': one per statement run,
// BEGIN and COMMIT included). Only a counting run goes through it, so its own
// cost is in no throughput figure.
import net from "node:net";

export type WireCounts = { roundTrips: number; statements: number };
export type WireCounter = { port: number; counts: WireCounts; close(): Promise<void> };

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;

/** Counts the typed messages of one server → client stream, across chunk boundaries. */
function serverStream(counts: WireCounts, singleByteFirst: () => boolean) {
  const header = Buffer.alloc(5);
  let have = 0; // header bytes gathered
  let skip = 0; // body bytes of the current message still to pass
  let first = true;
  return (chunk: Buffer) => {
    let i = 0;
    if (first && chunk.length > 0) {
      first = false;
      if (singleByteFirst()) i = 1; // the one-byte answer ('S'/'N') to an SSL or GSS request
    }
    while (i < chunk.length) {
      if (skip > 0) {
        const n = Math.min(skip, chunk.length - i);
        skip -= n;
        i += n;
        continue;
      }
      const n = Math.min(5 - have, chunk.length - i);
      chunk.copy(header, have, i, i + n);
      have += n;
      i += n;
      if (have < 5) break;
      have = 0;
      skip = header.readInt32BE(1) - 4;
      if (header[0] === 0x5a) counts.roundTrips++;
      else if (header[0] === 0x43) counts.statements++;
    }
  };
}

/** A counting proxy on a free local port in front of `target` (host:port). */
export async function startWireCounter(target: { host: string; port: number }): Promise<WireCounter> {
  const counts: WireCounts = { roundTrips: 0, statements: 0 };
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    let askedSsl = false;
    let sawFirst = false;
    client.on("data", (c: Buffer) => {
      if (!sawFirst && c.length >= 8) {
        sawFirst = true;
        const code = c.readInt32BE(4);
        askedSsl = code === SSL_REQUEST || code === GSSENC_REQUEST;
      }
      upstream.write(c);
    });
    const count = serverStream(counts, () => askedSsl);
    upstream.on("data", (c: Buffer) => {
      count(c);
      client.write(c);
    });
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("close", () => {
        sockets.delete(s);
        client.destroy();
        upstream.destroy();
      });
      s.on("error", () => {});
    }
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    port: (server.address() as net.AddressInfo).port,
    counts,
    async close() {
      sockets.forEach((s) => s.destroy());
      await new Promise((r) => server.close(r));
    },
  };
}
