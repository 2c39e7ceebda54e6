// A POST through node:http on a connection of its own, sent once, whose
// outcome is what the client saw: an answer's status, or the error of an
// answer that never came (X-Svc-Fault: lost_response must stay lost).
import http from "node:http";
import { base } from "./apps";

export function rawPost(token: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status?: number; error?: string }> {
  return rawPostTo(`${base()}${path}`, token, body, headers);
}

/** The same to any server's address (a second instance). */
export function rawPostTo(url: string, token: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status?: number; error?: string }> {
  return new Promise((resolve) => {
    const req = http.request(url, {
      method: "POST", agent: false,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...headers },
    }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode }));
    });
    req.on("error", (e) => resolve({ error: (e as NodeJS.ErrnoException).code ?? e.message }));
    req.end(JSON.stringify(body));
  });
}
