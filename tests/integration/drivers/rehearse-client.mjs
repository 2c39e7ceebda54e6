// A client of Collect push and Payouts send, as an integrator's test suite
// runs it: credentials from SANDBOX_URL / SANDBOX_KEY / SANDBOX_SECRET (what
// `sandbox.mjs rehearse` passes), no X-Svc-Fault header (the app's fault plan
// decides). `good`: retries a lost or failed answer with the same reference,
// waits Retry-After, renews its token once on 401, asks for the status of
// what it sent. `bad`: retries with a new reference, at once, keeps its token,
// never asks. Either way it exits 0: a sloppy client does not notice.
const [mode = "good", count = "4"] = process.argv.slice(2);
const good = mode === "good";
const { SANDBOX_URL: origin, SANDBOX_KEY: key, SANDBOX_SECRET: secret } = process.env;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
let n = 0;

async function newToken() {
  const res = await fetch(`${origin}/sandbox/oauth/v1/token`, {
    method: "POST",
    headers: { authorization: `Basic ${Buffer.from(`${key}:${secret}`).toString("base64")}`, "content-type": "application/x-www-form-urlencoded" },
    body: "grant_type=client_credentials",
  });
  return (await res.json()).access_token;
}
let token = await newToken();

const send = (method, path, body) =>
  fetch(`${origin}/sandbox${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "x-svc-time-scale": "0", ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });

/** One payment or payout until it is accepted (or the client gives up); its id, or null. */
async function pay(path, body, idField) {
  let renewed = false;
  let lost = false;
  for (let attempt = 0; attempt < 10; attempt++) {
    let res;
    try {
      res = await send("POST", path, body);
    } catch {
      lost = true; // the answer was lost: the same call again (good), or a new one (bad)
      if (!good) body = { ...body, reference: `${body.reference}-again` };
      continue;
    }
    const answer = await res.json().catch(() => ({}));
    if (res.status === 202) return answer[idField];
    if (res.status === 409 && answer.error === "DUPLICATE_REFERENCE" && lost) return null; // the first one went through
    if (res.status === 503 || res.status === 429) {
      if (good) await sleep(Number(res.headers.get("retry-after") ?? 1) * 1000 + 100);
      continue;
    }
    if (res.status === 401) {
      if (good && !renewed) {
        token = await newToken();
        renewed = true;
      }
      if (!good && attempt >= 4) return null;
      continue;
    }
    if (res.status >= 500) {
      lost = true;
      if (!good) body = { ...body, reference: `${body.reference}-again` };
      continue;
    }
    throw new Error(`${path} answered ${res.status} ${JSON.stringify(answer)}`);
  }
  return null;
}

for (let i = 0; i < Number(count); i++) {
  const ref = `REH-${Date.now()}-${n++}`;
  const payout = { amount: 500, currency: "KES", destination: { type: "mobile", phoneNumber: "254712345678" }, reference: ref, callbackUrl: "http://127.0.0.1:9/cb" };
  const payoutId = await pay("/payouts/v1/send", payout, "payoutId");
  if (good && payoutId) await send("GET", `/payouts/v1/${payoutId}`);
  const push = { shortCode: "174379", amount: 100, currency: "KES", phoneNumber: "254712345678", reference: `${ref}-c`, callbackUrl: "http://127.0.0.1:9/cb" };
  const checkoutId = await pay("/collect/v1/push", push, "checkoutId");
  if (good && checkoutId) await send("GET", `/collect/v1/push/${checkoutId}`);
}
console.log(`${mode} client done`);
