// The callbacks page's worked example: a real collect callback body, signed
// with callbackSignatureHeaders (lib/crypto.ts) — the function the dispatcher signs with.
import { operationById } from "@/lib/catalog";
import { keyOf } from "@/lib/callbacks/signature-variants";
import { callbackSignatureHeaders, hmacSha256, standardSignedContent } from "@/lib/crypto";
import { defaultScenario } from "@/lib/engine";
import { sampleAnswer } from "./samples";

export const EXAMPLE_SECRET = "whsec_d0cs3xampleS1gningS3cretN0tRealAtAll";
const EXAMPLE_DELIVERY = "dlv_4nQ8sZk2VbT7cXw1LpR9dF";
const DELIVERED_AT = new Date("2026-11-21T09:30:04.123Z");

export function signatureExample() {
  const op = operationById("collect.push")!;
  const rawBody = JSON.stringify(sampleAnswer(op, defaultScenario(op)).callback!.body);
  const headers = callbackSignatureHeaders([EXAMPLE_SECRET], EXAMPLE_DELIVERY, rawBody, DELIVERED_AT);
  const header = headers["x-svc-signature"];
  const t = headers["webhook-timestamp"];
  return { secret: EXAMPLE_SECRET, rawBody, header, headers, t, signedPayload: `${t}.${rawBody}`, v1: header.split("v1=")[1]! };
}

/**
 * Node code to verify x-svc-signature; the README carries the same text. Tests run
 * it against signatureExample() and against real callbacks.
 */
export const VERIFY_SNIPPET = `import { createHmac, timingSafeEqual } from "node:crypto";

// rawBody: the request body exactly as received (a string, before JSON.parse)
// header:  the x-svc-signature header; secret: your app's signing secret
// During a secret rotation the header carries two v1= values: either may match.
export function verifySignature(rawBody, header, secret, toleranceS = 300, nowS = Date.now() / 1000) {
  const parts = header.split(",").map((p) => p.split("=", 2));
  const t = parts.find(([k]) => k === "t")?.[1];
  if (!t) return false;
  const expected = Buffer.from(createHmac("sha256", secret).update(t + "." + rawBody).digest("hex"));
  const fresh = Math.abs(nowS - Number(t)) <= toleranceS;
  return fresh && parts.some(([k, v]) => k === "v1" && Buffer.byteLength(v ?? "") === expected.length && timingSafeEqual(Buffer.from(v), expected));
}`;

/**
 * Node code to verify the Standard Webhooks headers without a library (the
 * README carries the same text); \`new Webhook(secret).verify(rawBody, headers)\`
 * from the standardwebhooks package does the same.
 */
export const STANDARD_WEBHOOKS_SNIPPET = `import { createHmac, timingSafeEqual } from "node:crypto";

// Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature ("v1,<base64>", space-separated).
// headers: the request's headers (lower-case names); secret: whsec_… as the console shows it
export function verifyWebhook(rawBody, headers, secret, toleranceS = 300, nowS = Date.now() / 1000) {
  const id = headers["webhook-id"], t = headers["webhook-timestamp"], signatures = headers["webhook-signature"];
  if (!id || !t || !signatures || Math.abs(nowS - Number(t)) > toleranceS) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const expected = Buffer.from(createHmac("sha256", key).update(id + "." + t + "." + rawBody).digest("base64"));
  return signatures.split(" ").some((s) => {
    const [version, signature] = s.split(",", 2);
    return version === "v1" && Buffer.byteLength(signature ?? "") === expected.length && timingSafeEqual(Buffer.from(signature), expected);
  });
}`;

/** A second secret, for the rotation vector. */
const ROTATED_SECRET = "whsec_c2Vjb25kU2VjcmV0Rm9yVGhlUm90YXRpb25WZWN0b3I=";

export type TestVector = {
  name: string;
  /** The signing secret(s), as the console shows them. */
  secrets: string[];
  id: string;
  timestamp: number;
  body: string;
  expected: { "x-svc-signature": string; "webhook-signature": string };
};

/**
 * Test vectors for a verifier, signed by callbackSignatureHeaders (the
 * dispatcher's signing code) when the page renders: check yours against them
 * with the timestamp as "now" (or the tolerance off).
 */
export function testVectors(): TestVector[] {
  const ex = signatureExample();
  const at = DELIVERED_AT;
  const vector = (name: string, secrets: string[], body: string): TestVector => {
    const h = callbackSignatureHeaders(secrets, EXAMPLE_DELIVERY, body, at);
    return { name, secrets, id: EXAMPLE_DELIVERY, timestamp: Number(h["webhook-timestamp"]), body, expected: { "x-svc-signature": h["x-svc-signature"], "webhook-signature": h["webhook-signature"] } };
  };
  return [
    vector("A paid Collect callback", [EXAMPLE_SECRET], ex.rawBody),
    vector("Non-ASCII text: sign the UTF-8 bytes as received", [EXAMPLE_SECRET], JSON.stringify({ messageId: "msg_7Yq2", to: "254712345678", status: "FAILED", reason: "Namba haipatikani — Zoë's phone is off" })),
    vector("During a rotation: two secrets, two signatures in each header", [EXAMPLE_SECRET, ROTATED_SECRET], ex.rawBody),
  ];
}

/** What a verifier computes for the first vector's webhook-signature when it makes a usual mistake (the explain endpoint names each). */
export function wrongResults(): { mistake: string; code: string; value: string }[] {
  const v = testVectors()[0]!;
  const secret = v.secrets[0]!;
  const sign = (form: "whole" | "undecoded" | "decoded", content: string) => hmacSha256(keyOf(secret, form), content).toString("base64");
  const pretty = JSON.stringify(JSON.parse(v.body), null, 2);
  return [
    { mistake: "keyed with the whole whsec_… string instead of the Base64-decoded part", code: "SECRET_FORM", value: sign("whole", standardSignedContent(v.id, v.timestamp, v.body)) },
    { mistake: "keyed with the Base64 text after whsec_, not decoded", code: "SECRET_FORM", value: sign("undecoded", standardSignedContent(v.id, v.timestamp, v.body)) },
    { mistake: "signed the body alone", code: "WRONG_CONTENT", value: sign("decoded", v.body) },
    { mistake: "signed the body after JSON.parse and JSON.stringify(…, null, 2)", code: "BODY_CHANGED", value: sign("decoded", standardSignedContent(v.id, v.timestamp, pretty)) },
  ];
}

/** Reading the raw body in frameworks that parse it first: each recipe keeps the bytes the signature covers. */
export const RAW_BODY_RECIPES: { framework: string; language: string; pitfall: string; code: string }[] = [
  {
    framework: "Express",
    language: "javascript",
    pitfall: "express.json() replaces req.body with an object; JSON.stringify(req.body) is not the body that was signed.",
    code: `import express from "express";
import { Webhook } from "standardwebhooks";

const app = express();
const wh = new Webhook(process.env.SIGNING_SECRET); // whsec_… as the console shows it

// Mount the callback route with express.raw BEFORE any app.use(express.json()).
app.post("/callbacks", express.raw({ type: "application/json" }), (req, res) => {
  const raw = req.body.toString("utf8");
  let payload;
  try {
    payload = wh.verify(raw, req.headers);
  } catch {
    return res.status(401).send("bad signature");
  }
  res.sendStatus(200); // answer first; dedupe on req.headers["webhook-id"], then do the work
});`,
  },
  {
    framework: "Next.js route handler",
    language: "typescript",
    pitfall: "await request.json() consumes the body; read it once with request.text() and verify that.",
    code: `// app/callbacks/route.ts
import { Webhook } from "standardwebhooks";

const wh = new Webhook(process.env.SIGNING_SECRET!);

export async function POST(request: Request) {
  const raw = await request.text();
  try {
    const payload = wh.verify(raw, Object.fromEntries(request.headers));
    // dedupe on request.headers.get("webhook-id"), then queue the work
    return new Response(null, { status: 200 });
  } catch {
    return new Response("bad signature", { status: 401 });
  }
}`,
  },
  {
    framework: "Laravel",
    language: "php",
    pitfall: "$request->all() and json_encode($request->json()->all()) re-serialise the body; $request->getContent() is the raw body.",
    code: `// routes/api.php (API routes skip CSRF). verify_callback: the generated PHP client (/clients/collect.php).
use Illuminate\\Http\\Request;

Route::post('/callbacks', function (Request $request) {
    $raw = $request->getContent();
    $headers = array_map(fn ($values) => $values[0], $request->headers->all());
    if (!\\SvcSandbox\\Collect\\verify_callback($raw, $headers, env('SIGNING_SECRET'))) {
        return response('bad signature', 401);
    }
    $payload = json_decode($raw, true);
    return response('', 200);
});`,
  },
  {
    framework: "Spring",
    language: "java",
    pitfall: "@RequestBody SomeDto lets Jackson rebuild the JSON; take the body as a String (or byte[]) and map it after verifying.",
    code: `// CollectClient.verifyCallback: the generated Java client (/clients/collect.java).
@RestController
class CallbackController {
  private final String secret = System.getenv("SIGNING_SECRET"); // whsec_… as the console shows it

  @PostMapping(path = "/callbacks", consumes = "application/json")
  ResponseEntity<Void> callback(@RequestBody String raw, @RequestHeader HttpHeaders headers) {
    if (!CollectClient.verifyCallback(raw, headers.toSingleValueMap(), secret)) {
      return ResponseEntity.status(401).build();
    }
    return ResponseEntity.ok().build(); // then map raw with your ObjectMapper
  }
}`,
  },
];
