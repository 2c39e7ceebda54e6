// A real OpenID provider for single sign-on's tests: the oidc-provider package,
// over HTTPS with a certificate made here by Debian's openssl (a CA of the test's
// and a leaf for localhost signed by it). The portal's process trusts the CA
// through NODE_EXTRA_CA_CERTS (`caFile`), set when it starts; the test's own calls
// to the provider pass the CA to node:https. Who signs in is the test's choice
// (`idp.as(user)`): the provider's interaction logs that user in and grants the
// client its scopes at once, with no form.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import type http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import Provider from "oidc-provider";

export type TestCertificate = { dir: string; caFile: string; ca: string; key: string; cert: string };

/** A CA and a certificate for localhost and 127.0.0.1 it signed, in a temporary folder. */
export function makeCertificate(): TestCertificate {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "oidc-cert-"));
  const f = (n: string) => path.join(dir, n);
  const ssl = (...args: string[]) => execFileSync("openssl", args, { cwd: dir, stdio: ["ignore", "ignore", "pipe"] });
  ssl("req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", f("ca.key"), "-out", f("ca.pem"), "-days", "2", "-subj", "/CN=Sandbox test CA");
  ssl("req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", f("idp.key"), "-out", f("idp.csr"), "-subj", "/CN=localhost");
  fs.writeFileSync(f("ext.cnf"), "subjectAltName=DNS:localhost,IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n");
  ssl("x509", "-req", "-in", f("idp.csr"), "-CA", f("ca.pem"), "-CAkey", f("ca.key"), "-CAcreateserial", "-out", f("idp.pem"), "-days", "2", "-extfile", f("ext.cnf"));
  return { dir, caFile: f("ca.pem"), ca: fs.readFileSync(f("ca.pem"), "utf8"), key: fs.readFileSync(f("idp.key"), "utf8"), cert: fs.readFileSync(f("idp.pem"), "utf8") };
}

/** The claims the provider tells about the person signing in (its userinfo answer). */
export type IdpUser = { sub: string; email?: string; email_verified?: boolean; groups?: string[] };
export type IdpClient = { client_id: string; client_secret: string; redirect_uris: string[] };

export type TestIdp = {
  issuer: string;
  /** Registers the clients and starts answering (the portal's callback address is known once it listens). */
  serve(clients: IdpClient[]): void;
  /** The person the next interaction signs in. */
  as(user: IdpUser): void;
  close(): Promise<void>;
};

/** Starts listening at https://127.0.0.1:<port> at once; answers 503 until `serve`. */
export async function startIdp(cert: TestCertificate): Promise<TestIdp> {
  let provider: Provider | undefined;
  let user: IdpUser = { sub: "nobody" };
  const server = https.createServer({ key: cert.key, cert: cert.cert }, async (req, res) => {
    if (!provider) {
      res.writeHead(503).end();
      return;
    }
    if (req.url?.startsWith("/interaction/")) {
      const details = await provider.interactionDetails(req, res);
      const grant = new provider.Grant({ accountId: user.sub, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      await provider.interactionFinished(req, res, { login: { accountId: user.sub }, consent: { grantId } }, { mergeWithLastSubmission: false });
      return;
    }
    provider.callback()(req, res);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const issuer = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    serve(clients) {
      provider = new Provider(issuer, {
        clients,
        claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"], groups: ["groups"] },
        scopes: ["openid", "email", "profile", "groups"],
        cookies: { keys: ["test-cookie-key-not-a-secret"] },
        features: { devInteractions: { enabled: false } },
        // An id token lives an hour (oidc-provider's default, said here so its notices stay out of the output).
        ttl: { IdToken: 3600, AccessToken: 600, AuthorizationCode: 60, Grant: 600, Interaction: 600, Session: 600 },
        renderError: (ctx, out) => {
          ctx.type = "text/plain";
          ctx.body = `${out.error}: ${out.error_description ?? ""}`;
        },
        interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
        findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => (sub === user.sub ? user : { sub }) }),
      });
    },
    as(u) {
      user = u;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

export type HttpsReply = { status: number; headers: http.IncomingHttpHeaders; text: string };

/** A GET to the provider trusting the test's CA (no redirect followed), with `cookie`. */
export function idpGet(url: string, ca: string, cookie: string): Promise<HttpsReply> {
  return new Promise((resolve, reject) => {
    const req = https.request(url, { ca, agent: false, headers: cookie ? { cookie } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString("utf8") }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** Cookies one side of a flow set, by name (a test keeps one jar per origin). */
export class Jar {
  readonly cookies = new Map<string, string>();
  take(headers: http.IncomingHttpHeaders) {
    for (const line of headers["set-cookie"] ?? []) {
      const [pair, ...attrs] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const gone = !value || attrs.some((a) => /^\s*max-age=0\s*$/i.test(a) || (/^\s*expires=/i.test(a) && Date.parse(a.split("=")[1]!) < Date.now()));
      if (gone) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  get header() {
    return [...this.cookies].map(([n, v]) => `${n}=${v}`).join("; ");
  }
}

/**
 * Follows the provider's redirects from `authorizeUrl` (its interaction signing in the user of `as`)
 * until one leaves the provider: the client's callback address with the code (or the provider's error).
 */
export async function throughIdp(authorizeUrl: string, ca: string): Promise<string> {
  const jar = new Jar();
  let url = new URL(authorizeUrl);
  for (let hop = 0; hop < 10; hop++) {
    const r = await idpGet(url.href, ca, jar.header);
    jar.take(r.headers);
    if (r.status < 300 || r.status >= 400 || !r.headers.location) throw new Error(`the provider answered ${r.status} at ${url.pathname}: ${r.text.slice(0, 500)}`);
    const next = new URL(r.headers.location, url);
    if (next.origin !== url.origin) return next.href;
    url = next;
  }
  throw new Error("the provider redirected more than 10 times");
}
