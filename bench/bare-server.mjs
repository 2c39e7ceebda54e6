// The ceiling of one Node process on this machine: a bare node:http server that
// reads each request's body, parses it, and answers push and status with the
// JSON the portal answered (bench/anchors.ts passes it in). Nothing else.
// With delays (the scripted ones), it answers each call after sleeping them:
// the machine's own floor for the gateway's added latency.
//   node bench/bare-server.mjs PORT PUSH_STATUS PUSH_JSON STATUS_STATUS STATUS_JSON [PUSH_DELAY_MS STATUS_DELAY_MS]
import http from "node:http";

const [port, pushStatus, pushJson, statusStatus, statusJson, pushDelay = "0", statusDelay = "0"] = process.argv.slice(2);
const send = (res, status, body) => res.writeHead(Number(status), { "content-type": "application/json", "content-length": Buffer.byteLength(body) }).end(body);
const after = (ms, res, status, body) => (ms > 0 ? setTimeout(() => send(res, status, body), ms) : send(res, status, body));

const server = http.createServer((req, res) => {
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => {
    if (req.method === "POST" && req.url === "/collect/v1/push") {
      JSON.parse(Buffer.concat(chunks).toString("utf8"));
      after(Number(pushDelay), res, pushStatus, pushJson);
    } else if (req.method === "GET" && req.url.startsWith("/collect/v1/push/")) after(Number(statusDelay), res, statusStatus, statusJson);
    else send(res, 404, '{"error":"NOT_FOUND"}');
  });
});
server.keepAliveTimeout = 65_000;
server.listen(Number(port), "127.0.0.1");
