// Round trips to PostgreSQL, counted on the wire: a TCP proxy between one
// portal and the server that reads both directions of protocol 3. A round trip
// is a connection going from idle to waiting: the portal sends a simple query
// or an extended-protocol Sync while none of that connection's is unanswered
// (a pipelined batch, several Syncs sent before the first ReadyForQuery 'Z'
// comes back, is one). From the server it counts CommandComplete ('C': one per
// statement run, BEGIN and COMMIT included); from the portal it names each
// statement run: the prepared statement a Bind uses (`svc_<name>`, lib/db/pg.ts
// `named`; Prisma's and record_attempts are unnamed) or a simple query's first word (BEGIN,
// COMMIT, LISTEN). Only a counting run goes through it, so its own cost is in
// no throughput figure.
import net from "node:net";

export type WireCounts = { roundTrips: number; statements: number; byName: Map<string, number> };
export type WireCounter = { port: number; counts: WireCounts; close(): Promise<void> };

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;

/** Splits a stream into messages: `untyped` leading ones (length-prefixed, no type byte), then typed ones. */
function splitter(on: (type: number, body: Buffer) => number | undefined, untyped: number) {
  let buf: Buffer = Buffer.alloc(0);
  let left = untyped;
  return (chunk: Buffer) => {
    buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
    for (;;) {
      const typed = left === 0;
      const head = typed ? 5 : 4;
      if (buf.length < head) return;
      const end = (typed ? 1 : 0) + buf.readInt32BE(typed ? 1 : 0);
      if (buf.length < end) return;
      const more = on(typed ? buf[0]! : 0, buf.subarray(head, end));
      if (!typed) left += (more ?? 0) - 1;
      buf = buf.subarray(end);
    }
  };
}

const cstring = (b: Buffer, from: number) => {
  const end = b.indexOf(0, from);
  return { s: b.toString("utf8", from, end), next: end + 1 };
};

/** A counting proxy on a free local port in front of `target` (host:port). */
export async function startWireCounter(target: { host: string; port: number }): Promise<WireCounter> {
  const counts: WireCounts = { roundTrips: 0, statements: 0, byName: new Map() };
  const name = (n: string) => counts.byName.set(n, (counts.byName.get(n) ?? 0) + 1);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    let askedSsl = false;
    /** This connection's Syncs and simple queries not answered by a ReadyForQuery yet. */
    let unanswered = 0;
    const fromClient = splitter((type, body) => {
      if (type === 0) {
        askedSsl = body.readInt32BE(0) === SSL_REQUEST || body.readInt32BE(0) === GSSENC_REQUEST;
        return askedSsl ? 1 : 0; // the startup message follows the SSL or GSS request
      }
      if (type === 0x42) name(cstring(body, cstring(body, 0).next).s || "(unnamed: record_attempts, Prisma)"); // Bind: portal, statement
      else if (type === 0x51) name(cstring(body, 0).s.trim().split(/\s+/)[0]!.toUpperCase()); // Query
      if (type === 0x51 || type === 0x53) { // Query, Sync: each is answered by one ReadyForQuery
        if (unanswered === 0) counts.roundTrips++;
        unanswered++;
      }
      return undefined;
    }, 1);
    const fromServer = splitter((type) => {
      if (type === 0x5a) unanswered = Math.max(0, unanswered - 1);
      else if (type === 0x43) counts.statements++;
      return undefined;
    }, 0);
    let first = true;
    client.on("data", (c: Buffer) => {
      fromClient(c);
      upstream.write(c);
    });
    upstream.on("data", (c: Buffer) => {
      // The one-byte answer ('S'/'N') to an SSL or GSS request comes before any typed message.
      fromServer(first && askedSsl ? c.subarray(1) : c);
      first = false;
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
