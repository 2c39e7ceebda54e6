// A bare route handler with a fixed answer: the health check, and the
// framework's ceiling in `npm run bench`.
export const dynamic = "force-dynamic";

export function GET() {
  return Response.json({ ok: true });
}
