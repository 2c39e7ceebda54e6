// HTTP requests from a chosen loopback source address (127.0.0.2, 127.0.0.3, ...):
// the server sees a different client address for each, which fetch cannot choose.
import http from "node:http";

export type RawReply = { status: number; headers: http.IncomingHttpHeaders; text: string; json: any };

export function requestFrom(
  localAddress: string,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    // The body's length said up front: Node sends a DELETE's body unframed otherwise (the server answers 400).
    const headers = init.body === undefined ? init.headers : { ...init.headers, "content-length": String(Buffer.byteLength(init.body)) };
    const req = http.request(url, { method: init.method ?? "GET", headers, localAddress, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        let json: unknown = null;
        try {
          json = JSON.parse(text);
        } catch {
          /* not JSON */
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
      });
    });
    req.on("error", reject);
    req.end(init.body);
  });
}

/** Cookies a reply sets, as "name=value" pairs. */
export const setCookies = (r: RawReply) => (r.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]!);

/**
 * Signs in through next-auth's credentials endpoint as the sign-in form does
 * (`totp`: the two-step sign-in code field, sent when given).
 * Returns the session cookie ("name=value") or null, and where it redirected.
 */
export async function signInOverHttp(origin: string, email: string, password: string, from = "127.0.0.1", totp?: string) {
  const csrf = await requestFrom(from, `${origin}/api/auth/csrf`);
  const jar = setCookies(csrf);
  const r = await requestFrom(from, `${origin}/api/auth/callback/credentials`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.join("; "), "x-auth-return-redirect": "1" },
    body: new URLSearchParams({ csrfToken: csrf.json.csrfToken, email, password, ...(totp === undefined ? {} : { totp }), callbackUrl: `${origin}/apps` }).toString(),
  });
  const session = setCookies(r).find((c) => c.includes("session-token=") && !c.endsWith("="));
  return { session: session ?? null, location: String(r.headers.location ?? r.json?.url ?? ""), status: r.status };
}
