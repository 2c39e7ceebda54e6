// A request written byte for byte on a TCP socket (node:net): what fetch and
// node:http will not send (a malformed Host, a method in lower case, a target
// that is not a path). One request a connection; the server's answer is read
// until it closes the connection.
import net from "node:net";

export type WireReply = { status: number; headers: Record<string, string>; body: string; json: any };

/** `status` 0: the server closed (or reset) the connection without an answer. */
export function onTheWire(origin: string, head: string, body = ""): Promise<WireReply> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port) });
    const chunks: Buffer[] = [];
    socket.on("data", (c) => chunks.push(c));
    // A server that answers before reading a large body may reset the connection: what it answered is kept ('close' follows).
    socket.on("error", () => {});
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const at = text.indexOf("\r\n\r\n");
      const lines = (at < 0 ? text : text.slice(0, at)).split("\r\n");
      const headers = Object.fromEntries(lines.slice(1).map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]));
      const rest = at < 0 ? "" : text.slice(at + 4);
      let json: unknown = null;
      try {
        json = JSON.parse(rest);
      } catch {
        /* not JSON (or chunked) */
      }
      resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? "")?.[1] ?? 0), headers, body: rest, json });
    });
    const length = body ? `Content-Length: ${Buffer.byteLength(body)}\r\n` : "";
    socket.write(`${head.replace(/\r?\n/g, "\r\n").replace(/(\r\n)*$/, "")}\r\n${length}Connection: close\r\n\r\n${body}`);
  });
}
