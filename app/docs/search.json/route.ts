// The docs search's index (lib/docs/search-index.ts), loaded by the search dialog when it first opens.
import { searchIndex } from "@/lib/docs/search-index";

export const dynamic = "force-dynamic";

export function GET() {
  return Response.json(searchIndex(), { headers: { "cache-control": "public, max-age=300" } });
}
