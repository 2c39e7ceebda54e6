"use client";
// One SWR hook per console resource. Dates arrive as ISO strings (Jsonify).
import useSWR from "swr";
import useSWRInfinite from "swr/infinite";
import type { AppView } from "@/lib/auth/views";
import type { OperatorTeam } from "@/lib/services/teams";
import type { DevSettings, FloatBalance } from "@/lib/catalog/dev-endpoints";
import type { TestNumber } from "@/lib/catalog";
import type { DeliveryDetail, DeliverySummary, DeliveryTotals } from "@/lib/activity/deliveries";
import type { InboxItem } from "@/lib/activity/inbox";
import type { RequestDetail, RequestSummary } from "@/lib/activity/requests";
import type { AppUsage } from "@/lib/activity/usage";
import type { Readiness } from "@/lib/activity/readiness";
import type { ReceiverCheckSummary, ReceiverCheckView } from "@/lib/activity/receiver-check-runs";
import type { HeldResource } from "@/lib/activity/held-list";
import type { Timeline } from "@/lib/activity/timeline";
import { appUrl, fetcher, qs } from "./api";

/** A server type as it looks after JSON: Dates become strings. */
export type Json<T> = T extends Date ? string : T extends (infer U)[] ? Json<U>[] : T extends object ? { [K in keyof T]: Json<T[K]> } : T;
type Page<T> = { items: T[]; nextBefore: number | null; total?: number | null };

export type KeyPairRow = { id: string; consumerKey: string; label: string | null; createdAt: string; lastUsedAt: string | null; revokedAt: string | null };
export type SubscriptionRow = {
  group: string; description: string; needsReview: boolean; status: "ACTIVE" | "PENDING" | "REJECTED" | null;
  since: string | null; reviewedAt: string | null; reviewNote: string | null; apis: { id: string; name: string; version: string }[];
};
export type InboxEntry = Json<InboxItem>;
export type Review = { appId: string; group: string; createdAt: string; app: { name: string; team: { name: string } } };
export type OperatorApp = AppView & { team: string };

/** Every team's apps, each with its team's name. */
export const useApps = () => useSWR<(AppView & { teamName: string })[]>("/api/console/apps", fetcher);
export const useApp = (appId: string) => useSWR<AppView>(appUrl(appId), fetcher);
export const useKeys = (appId: string) => useSWR<KeyPairRow[]>(appUrl(appId, "/keys"), fetcher);
export const useUsage = (appId: string) => useSWR<AppUsage>(appUrl(appId, "/usage"), fetcher, { refreshInterval: 5000 });
export const useFloat = (appId: string) => useSWR<{ balances: FloatBalance[] }>(appUrl(appId, "/float"), fetcher, { refreshInterval: 5000 });
export const useDevSettings = (appId: string) => useSWR<DevSettings>(appUrl(appId, "/dev-settings"), fetcher);
export const useTestNumbers = (appId: string) => useSWR<{ testNumbers: TestNumber[] }>(appUrl(appId, "/test-numbers"), fetcher);
export const useReadiness = (appId: string) => useSWR<Readiness>(appUrl(appId, "/readiness"), fetcher, { refreshInterval: 10_000 });
export const useReceiverChecks = (appId: string) => useSWR<{ checks: ReceiverCheckSummary[] }>(appUrl(appId, "/receiver-checks"), fetcher);
export const useReceiverCheck = (appId: string, checkId: string | null) =>
  useSWR<ReceiverCheckView>(checkId ? appUrl(appId, `/receiver-checks/${encodeURIComponent(checkId)}`) : null, fetcher);
export const useSubscriptions = (appId: string) => useSWR<SubscriptionRow[]>(appUrl(appId, "/subscriptions"), fetcher);

/** Pages of a keyset-paged list: each next page starts before the last seq of the previous one. */
function usePages<T, P extends Page<T> = Page<T>>(base: string, filters: Record<string, string | undefined>, refreshInterval?: number) {
  const r = useSWRInfinite<P>(
    (i, prev: P | null) => (i > 0 && !prev?.nextBefore ? null : `${base}${qs({ ...filters, before: i > 0 ? prev!.nextBefore : undefined })}`),
    fetcher,
    { refreshInterval, revalidateFirstPage: true },
  );
  const items = r.data?.flatMap((p) => p.items) ?? [];
  const hasMore = Boolean(r.data?.at(-1)?.nextBefore);
  const loadingMore = r.isLoading || (r.size > 0 && r.data !== undefined && typeof r.data[r.size - 1] === "undefined");
  const total = r.data?.[0]?.total ?? null;
  return { ...r, items, hasMore, loadingMore, total, loadMore: () => r.setSize(r.size + 1) };
}

export type DeliveryFilterValues = { state?: string; operation?: string; q?: string };
/** Callbacks, with the first page's totals per state (lib/activity/deliveries.ts). */
export function useDeliveries(appId: string, filters: DeliveryFilterValues) {
  const pages = usePages<Json<DeliverySummary>, Page<Json<DeliverySummary>> & { totals?: DeliveryTotals | null }>(appUrl(appId, "/deliveries"), filters, 3000);
  return { ...pages, totals: pages.data?.[0]?.totals ?? null };
}
export const useDelivery = (appId: string, deliveryId: string) =>
  useSWR<Json<DeliveryDetail>>(appUrl(appId, `/deliveries/${encodeURIComponent(deliveryId)}`), fetcher, {
    // While it waits to go out, look again every 2 s.
    refreshInterval: (d) => (d && (d.state === "SCHEDULED" || d.state === "SENDING") ? 2000 : 0),
  });

export type RequestFilterValues = { status?: string; operation?: string; scenario?: string; fault?: string; requestId?: string; q?: string; error?: string; from?: string; to?: string };
export const useRequests = (appId: string, filters: RequestFilterValues) =>
  usePages<Json<RequestSummary>>(appUrl(appId, "/requests"), filters, 3000);
export const useRequest = (appId: string, requestId: string) =>
  useSWR<Json<RequestDetail>>(appUrl(appId, `/requests/${encodeURIComponent(requestId)}`), fetcher);

/** The inspector inbox, polled while the page is open; `delivery` (one callback) or `q` (delivery id, resource id or reference). */
export const useInbox = (appId: string, filters: { delivery?: string; q?: string }) => usePages<InboxEntry>(appUrl(appId, "/inbox"), filters, 2000);

/** The app's held prompts, payouts and messages (the Handset), polled: a new one appears, a resolved one leaves. */
export const useHeld = (appId: string) => useSWR<{ resources: HeldResource[] }>(appUrl(appId, "/held"), fetcher, { refreshInterval: 2000 });

/** Is anything still to happen to it: held, settling later, or a callback still to go out. */
const moving = (t: Timeline) =>
  t.held || (t.settlesAt !== null && Date.parse(t.settlesAt) > Date.now()) ||
  t.events.some((e) => e.type === "callback_scheduled" && (e.state === "SCHEDULED" || e.state === "SENDING"));

/** One resource's timeline (lib/activity/timeline.ts), polled every 2 s while anything is still to happen to it. */
export const useTimeline = (appId: string, resourceId: string) =>
  useSWR<Timeline>(appUrl(appId, `/resources/${encodeURIComponent(resourceId)}/timeline`), fetcher, {
    refreshInterval: (t) => (!t || moving(t) ? 2000 : 0),
  });

export const usePendingReviews = () => useSWR<Review[]>("/api/console/operator/reviews", fetcher);
export const useAllApps = () => useSWR<OperatorApp[]>("/api/console/operator/apps", fetcher);
/** Every team with its members and apps; `q`: a team's name or a member's email, or part of one. */
export const useAllTeams = (q: string) =>
  useSWR<{ teams: OperatorTeam[] }>(`/api/console/operator/teams${q ? `?q=${encodeURIComponent(q)}` : ""}`, fetcher, { keepPreviousData: true });

export type SandboxRow = { appId: string; name: string; inspectorUrl: string; expiresAt: string; createdAt: string };
/** The app's live throwaway sandboxes, looked at again every 5 s (CI jobs make and end them). */
export const useSandboxes = (appId: string) =>
  useSWR<{ sandboxes: SandboxRow[]; limit: number }>(appUrl(appId, "/sandboxes"), fetcher, { refreshInterval: 5000 });

export type AuditEntryRow = { id: string; at: string; actor: { userId: string | null; email: string | null } | null; action: string; target: string; address: string | null };
export type AuditFilterValues = { action?: string; actor?: string };
/** A team's audit log, newest first, a page at a time by the route's `next` (keyset). */
export function useTeamAudit(teamId: string, filters: AuditFilterValues) {
  type P = { entries: AuditEntryRow[]; next: string | null };
  const base = `/api/console/teams/${encodeURIComponent(teamId)}/audit`;
  const r = useSWRInfinite<P>((i, prev: P | null) => (i > 0 && !prev?.next ? null : `${base}${qs({ ...filters, before: i > 0 ? prev!.next! : undefined })}`), fetcher);
  const entries = r.data?.flatMap((p) => p.entries) ?? [];
  const loadingMore = r.isLoading || (r.size > 0 && r.data !== undefined && typeof r.data[r.size - 1] === "undefined");
  return { ...r, entries, hasMore: Boolean(r.data?.at(-1)?.next), loadingMore, loadMore: () => r.setSize(r.size + 1) };
}
