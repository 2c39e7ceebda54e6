// The verification page's test vectors as JSON (lib/docs/signature.ts), for an integrator's own tests.
import { testVectors } from "@/lib/docs/signature";

export const dynamic = "force-dynamic";

export function GET() {
  return Response.json({ toleranceSeconds: 300, vectors: testVectors() }, { headers: { "cache-control": "public, max-age=300" } });
}
