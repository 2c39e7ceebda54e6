// The docs' code samples in Node, Python, PHP and Java: one call of an
// operation (from its example body) and signature verification. Generated from
// the catalog like the curl lines; `fill` pre-fills the signed-in user's
// inspector address (as callbackUrl) and app id.
import { fillPath, type Operation } from "@/lib/catalog";
import { exampleBody, exampleParams } from "./doc-examples";
import { VERIFY_SNIPPET } from "./signature";
import { baseUrl } from "./urls";

export type Sample = { lang: string; title: string; code: string };
export type Fill = { appId: string; inspectorUrl: string };

/** The body every sample of `op` sends: its example, with the reader's inspector as callbackUrl when filled. */
export function sampleBody(op: Operation, fill?: Fill): Record<string, unknown> | undefined {
  const b = exampleBody(op);
  if (b && fill && "callbackUrl" in b) b.callbackUrl = fill.inspectorUrl;
  return b;
}

const indent = (s: string, pad: string) => s.split("\n").map((l, i) => (i ? pad + l : l)).join("\n");
const javaString = (s: string) => JSON.stringify(s);
const phpArray = (v: unknown, pad = ""): string => {
  if (v && typeof v === "object" && !Array.isArray(v)) {
    const inner = Object.entries(v).map(([k, x]) => `${pad}    ${JSON.stringify(k)} => ${phpArray(x, `${pad}    `)},`);
    return `[\n${inner.join("\n")}\n${pad}]`;
  }
  return JSON.stringify(v);
};
const pyValue = (v: unknown) => JSON.stringify(v, null, 4).replace(/\btrue\b/g, "True").replace(/\bfalse\b/g, "False").replace(/\bnull\b/g, "None");

/** One call of `op` in four languages; the token comes from the ACCESS_TOKEN environment variable; `scenario` adds the X-Svc-Scenario header that forces it. */
export function operationSamples(op: Operation, fill?: Fill, scenario?: string): Sample[] {
  const url = `${baseUrl()}${fillPath(op, exampleParams(op))}`;
  const b = sampleBody(op, fill);
  const note = fill ? `app ${fill.appId}; callbacks go to its inspector` : "set ACCESS_TOKEN to a token of your app";
  const json = b ? JSON.stringify(b, null, 2) : undefined;
  return [
    {
      lang: "node", title: "Node (18+)",
      code: `// ${note}
const res = await fetch(${JSON.stringify(url)}, {
  method: "${op.method}",
  headers: {
    Authorization: \`Bearer \${process.env.ACCESS_TOKEN}\`,${scenario ? `\n    "X-Svc-Scenario": "${scenario}",` : ""}${b ? `\n    "Content-Type": "application/json",` : ""}
  },${b ? `\n  body: JSON.stringify(${indent(json!, "  ")}),` : ""}
});
console.log(res.status, res.headers.get("x-request-id"), await res.json());`,
    },
    {
      lang: "python", title: "Python (requests)",
      code: `# ${note}
import os, requests

res = requests.${op.method.toLowerCase()}(
    ${JSON.stringify(url)},
    headers={"Authorization": f"Bearer {os.environ['ACCESS_TOKEN']}"${scenario ? `, "X-Svc-Scenario": "${scenario}"` : ""}},${b ? `\n    json=${indent(pyValue(b), "    ")},` : ""}
    timeout=30,
)
print(res.status_code, res.headers.get("x-request-id"), res.json())`,
    },
    {
      lang: "php", title: "PHP (curl)",
      code: `<?php
// ${note}
$ch = curl_init(${JSON.stringify(url)});
curl_setopt_array($ch, [
    CURLOPT_CUSTOMREQUEST => "${op.method}",
    CURLOPT_RETURNTRANSFER => true,
    CURLOPT_HTTPHEADER => ["Authorization: Bearer " . getenv("ACCESS_TOKEN")${scenario ? `, "X-Svc-Scenario: ${scenario}"` : ""}${b ? `, "Content-Type: application/json"` : ""}],${b ? `\n    CURLOPT_POSTFIELDS => json_encode(${phpArray(b, "    ")}),` : ""}
]);
$body = curl_exec($ch);
echo curl_getinfo($ch, CURLINFO_RESPONSE_CODE), " ", $body, PHP_EOL;`,
    },
    {
      lang: "java", title: "Java (11+)",
      code: `// ${note}
import java.net.URI;
import java.net.http.*;

var request = HttpRequest.newBuilder(URI.create(${javaString(url)}))
    .header("Authorization", "Bearer " + System.getenv("ACCESS_TOKEN"))${scenario ? `\n    .header("X-Svc-Scenario", "${scenario}")` : ""}${b ? `\n    .header("Content-Type", "application/json")` : ""}
    .method("${op.method}", ${b ? `HttpRequest.BodyPublishers.ofString(${javaString(JSON.stringify(b))})` : "HttpRequest.BodyPublishers.noBody()"})
    .build();
var response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
System.out.println(response.statusCode() + " " + response.body());`,
    },
  ];
}

/** Checking x-svc-signature: HMAC-SHA256 of "<t>.<raw body>" with the signing secret, compared in constant time, t within the tolerance. */
export function verifySamples(): Sample[] {
  return [
    { lang: "node", title: "Node", code: VERIFY_SNIPPET },
    {
      lang: "python", title: "Python",
      code: `import hashlib, hmac, time

# raw_body: the request body exactly as received (bytes decoded as UTF-8, before json.loads)
# During a secret rotation the header carries two v1= values: either may match.
def verify_signature(raw_body: str, header: str, secret: str, tolerance_s=300, now_s=None) -> bool:
    parts = [p.split("=", 1) for p in header.split(",") if "=" in p]
    t = next((v for k, v in parts if k == "t"), None)
    if t is None:
        return False
    expected = hmac.new(secret.encode(), f"{t}.{raw_body}".encode(), hashlib.sha256).hexdigest()
    fresh = abs((now_s or time.time()) - int(t)) <= tolerance_s
    return fresh and any(k == "v1" and hmac.compare_digest(expected, v) for k, v in parts)`,
    },
    {
      lang: "php", title: "PHP",
      code: `<?php
// $rawBody: file_get_contents("php://input"), before json_decode
// During a secret rotation the header carries two v1= values: either may match.
function verify_signature(string $rawBody, string $header, string $secret, int $toleranceS = 300, ?int $nowS = null): bool {
    $t = null;
    $v1 = [];
    foreach (explode(",", $header) as $p) {
        [$k, $v] = array_pad(explode("=", $p, 2), 2, "");
        if ($k === "t") $t = $v;
        if ($k === "v1") $v1[] = $v;
    }
    if ($t === null || $t === "") return false;
    $expected = hash_hmac("sha256", $t . "." . $rawBody, $secret);
    if (abs(($nowS ?? time()) - (int) $t) > $toleranceS) return false;
    foreach ($v1 as $v) if (hash_equals($expected, $v)) return true;
    return false;
}`,
    },
    {
      lang: "java", title: "Java",
      code: `import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

// rawBody: the request body exactly as received, before parsing
// During a secret rotation the header carries two v1= values: either may match.
static boolean verifySignature(String rawBody, String header, String secret, long toleranceS) throws Exception {
    String t = null;
    java.util.List<String> v1 = new java.util.ArrayList<>();
    for (String p : header.split(",")) {
        String[] kv = p.split("=", 2);
        if (kv.length == 2 && kv[0].equals("t")) t = kv[1];
        if (kv.length == 2 && kv[0].equals("v1")) v1.add(kv[1]);
    }
    if (t == null) return false;
    Mac mac = Mac.getInstance("HmacSHA256");
    mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
    byte[] expected = HexFormat.of().formatHex(mac.doFinal((t + "." + rawBody).getBytes(StandardCharsets.UTF_8))).getBytes(StandardCharsets.UTF_8);
    if (Math.abs(System.currentTimeMillis() / 1000 - Long.parseLong(t)) > toleranceS) return false;
    for (String v : v1) if (MessageDigest.isEqual(expected, v.getBytes(StandardCharsets.UTF_8))) return true;
    return false;
}`,
    },
  ];
}
