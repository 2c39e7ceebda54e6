// The audit log's two routes (a team's, an account's) answer the same way: a
// page of entries as JSON, or with ?format=jsonl the whole log as JSON lines.
import { z } from "zod";
import { type AuditQuery, auditLines, listAudit } from "@/lib/services/audit";

export const auditQuery = z.object({
  before: z.string().max(80).optional(),
  take: z.coerce.number({ error: "take must be a whole number from 1 to 500" }).int().min(1).max(500).optional(),
  action: z.string().max(64).optional(),
  actor: z.string().max(254).optional(),
  format: z.enum(["json", "jsonl"], { error: "format must be json or jsonl" }).optional(),
});

export async function auditAnswer(scope: { teamId: string } | { userId: string }, q: AuditQuery & { format?: "json" | "jsonl" }) {
  if (q.format !== "jsonl") return listAudit(scope, q);
  return new Response(await auditLines(scope, { action: q.action, actor: q.actor }), {
    headers: { "content-type": "application/x-ndjson; charset=utf-8", "cache-control": "no-store", "content-disposition": 'attachment; filename="audit.jsonl"' },
  });
}
