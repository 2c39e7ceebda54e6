// The tables the hot paths' statements read and write, described from the
// Prisma models (prisma/schema.prisma, the one place columns are defined): the
// generated client gives the column names at run time and the row types; the
// dates and booleans listed here are checked against the models by the
// compiler (a new DateTime or Boolean column fails to compile until it is named).
import {
  Prisma,
  type AccessToken as AccessTokenModel,
  type App as AppModel,
  type Delivery as DeliveryModel,
  type DeliveryAttempt as DeliveryAttemptModel,
  type FloatBalance as FloatBalanceModel,
  type KeyPair as KeyPairModel,
  type RequestLog as RequestLogModel,
  type Resource as ResourceModel,
  type Subscription as SubscriptionModel,
} from "@/lib/generated/prisma/browser";
import { table } from "./sql";

export const App = table<AppModel>("App", Prisma.AppScalarFieldEnum, { previousSecretExpiresAt: "date", createdAt: "date", expiresAt: "date", suspended: "bool" });
export const KeyPair = table<KeyPairModel>("KeyPair", Prisma.KeyPairScalarFieldEnum, { createdAt: "date", lastUsedAt: "date", revokedAt: "date" });
export const AccessToken = table<AccessTokenModel>("AccessToken", Prisma.AccessTokenScalarFieldEnum, { createdAt: "date", expiresAt: "date", faultExpiredAt: "date" });
export const Subscription = table<SubscriptionModel>("Subscription", Prisma.SubscriptionScalarFieldEnum, { createdAt: "date", reviewedAt: "date" });
export const RequestLog = table<RequestLogModel>("RequestLog", Prisma.RequestLogScalarFieldEnum, { createdAt: "date" });
export const Resource = table<ResourceModel>("Resource", Prisma.ResourceScalarFieldEnum, { settlesAt: "date", createdAt: "date", heldAt: "date", resolvedAt: "date" });
export const Delivery = table<DeliveryModel>("Delivery", Prisma.DeliveryScalarFieldEnum, {
  dueAt: "date", leaseUntil: "date", resendUntil: "date", createdAt: "date",
});
export const DeliveryAttempt = table<DeliveryAttemptModel>("DeliveryAttempt", Prisma.DeliveryAttemptScalarFieldEnum, { at: "date" });
export const FloatBalance = table<FloatBalanceModel>("FloatBalance", Prisma.FloatBalanceScalarFieldEnum, {});
