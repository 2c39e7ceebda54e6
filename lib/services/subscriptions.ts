import { apisOfGroup, findGroup, groups } from "@/lib/catalog";
import { db } from "@/lib/db/prisma";
import { ApiError } from "@/lib/errors";
import { nowDate } from "@/lib/runtime";
import { getApp } from "./apps";
import { audit } from "./audit";

function group(name: string) {
  const g = findGroup(name);
  if (!g) throw new ApiError("VALIDATION_ERROR", `group must be one of ${groups.map((x) => x.name).join(", ")}`);
  return g;
}

/** Groups that need review start PENDING; the others are ACTIVE at once. Subscribing again is a no-op (a rejected one goes back to review). */
export async function subscribe(appId: string, groupName: string) {
  const g = group(groupName);
  const app = await getApp(appId);
  const existing = await db.subscription.findUnique({ where: { appId_group: { appId, group: g.name } } });
  if (existing && existing.status !== "REJECTED") return { appId, group: g.name, status: existing.status };
  const status = g.needsReview ? "PENDING" : "ACTIVE";
  await db.$transaction(async (tx) => {
    await tx.subscription.upsert({
      where: { appId_group: { appId, group: g.name } },
      create: { appId, group: g.name, status },
      update: { status, reviewedAt: null, reviewedBy: null, reviewNote: null, createdAt: nowDate() },
    });
    await audit(tx, { teamId: app.teamId, action: "subscription.requested", target: `${appId} ${g.name}` });
  });
  return { appId, group: g.name, status };
}

/** Approve or reject a subscription; the reason (at most 500 characters) is shown to the app's owner. */
export async function review(appId: string, groupName: string, approve: boolean, reviewer = "operator", reason?: string) {
  const g = group(groupName);
  const sub = await db.subscription.findUnique({ where: { appId_group: { appId, group: g.name } } });
  if (!sub) throw new ApiError("NOT_FOUND", `app ${appId} has no subscription to ${g.name}`);
  const status = approve ? "ACTIVE" : "REJECTED";
  const { teamId } = await getApp(appId);
  await db.$transaction(async (tx) => {
    await tx.subscription.update({
      where: { appId_group: { appId, group: g.name } },
      data: { status, reviewedAt: nowDate(), reviewedBy: reviewer, reviewNote: reason?.trim().slice(0, 500) || null },
    });
    await audit(tx, { teamId, action: approve ? "subscription.approved" : "subscription.rejected", target: `${appId} ${g.name}` });
  });
  return { appId, group: g.name, status };
}

/** Takes back a request still waiting for review (an active or rejected subscription stays as it is). */
export async function withdraw(appId: string, groupName: string) {
  const g = group(groupName);
  const sub = await db.subscription.findUnique({ where: { appId_group: { appId, group: g.name } } });
  if (sub?.status !== "PENDING") throw new ApiError("CONFLICT", `no ${g.name} request waits for review`);
  await db.subscription.delete({ where: { appId_group: { appId, group: g.name } } });
  return { appId, group: g.name, status: null };
}

export async function listSubscriptions(appId: string) {
  const subs = await db.subscription.findMany({ where: { appId } });
  return groups.map((g) => {
    const s = subs.find((x) => x.group === g.name);
    return {
      group: g.name,
      description: g.description,
      needsReview: g.needsReview,
      apis: apisOfGroup(g.name).map((a) => ({ id: a.id, name: a.name, version: a.version })),
      status: s?.status ?? null,
      // When the status began: the review, or the request for a group that needs none.
      since: s ? (s.reviewedAt ?? s.createdAt) : null,
      reviewedAt: s?.reviewedAt ?? null,
      reviewNote: s?.reviewNote ?? null,
    };
  });
}

export async function pendingReviews() {
  return db.subscription.findMany({
    where: { status: "PENDING" },
    orderBy: { createdAt: "asc" },
    take: 200,
    include: { app: { select: { name: true, team: { select: { name: true } } } } },
  });
}
