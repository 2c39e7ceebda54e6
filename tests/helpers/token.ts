// The token request as an integrator makes it (Basic auth, form body). No
// test-runner imports: integration tests, browser tests and the benchmark share it.
export async function requestToken(origin: string, consumerKey: string, consumerSecret: string): Promise<Response> {
  return fetch(`${origin}/sandbox/oauth/v1/token`, {
    method: "POST",
    headers: {
      authorization: `Basic ${Buffer.from(`${consumerKey}:${consumerSecret}`).toString("base64")}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: "grant_type=client_credentials",
  });
}

/** The access token, or an error naming what the endpoint answered. */
export async function accessToken(origin: string, consumerKey: string, consumerSecret: string): Promise<string> {
  const r = await requestToken(origin, consumerKey, consumerSecret);
  if (r.status !== 200) throw new Error(`token endpoint answered ${r.status}: ${await r.text()}`);
  return ((await r.json()) as { access_token: string }).access_token;
}
