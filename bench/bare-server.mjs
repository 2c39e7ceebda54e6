// The ceiling of one Node process on this machine: a bare node:http server that
// reads each request's body, parses it, and answers push and status with the
// JSON the portal answered (bench/anchors.ts passes it in). Nothing else.
//   node bench/bare-server.mjs PORT PUSH_STATUS PUSH_JSON STATUS_STATUS STATUS_JSON
import http from "node:http";

const [port, pushStatus, pushJson, statusStatus, statusJson] = process.argv.slice(2);
const answer = (res, status, body) => res.writeHead(Number(status), { "content-type": "application/json", "content-length": Buffer.byteLength(body) }).end(body);

const server = http.createServer((req, res) => {
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => {
    if (req.method === "POST" && req.url === "/collect/v1/push") {
      JSON.parse(Buffer.concat(chunks).toString("utf8"));
      answer(res, pushStatus, pushJson);
    } else if (req.method === "GET" && req.url.startsWith("/collect/v1/push/")) answer(res, statusStatus, statusJson);
    else answer(res, 404, '{"error":"NOT_FOUND"}');
  });
});
server.keepAliveTimeout = 65_000;
server.listen(Number(port), "127.0.0.1");
