import { z } from "zod";
import { SESSION_MAX_AGE } from "@/lib/auth";
import { userRoute } from "@/lib/auth/route";
import { endOtherSessions, listSessions } from "@/lib/services/sessions";
import { endSessions } from "@/lib/services/users";

/** The account's live sessions (address, browser, last use), the one asking marked `current`. */
export const GET = userRoute({}, async ({ user, sessionId }) => ({ sessions: await listSessions(user.id, sessionId, SESSION_MAX_AGE * 1000) }));

const scope = z.object({ others: z.enum(["1"]).optional() });

/**
 * "Sign out everywhere": every session of the account ends, copied cookies included;
 * `?others=1`: every session but this one.
 */
export const DELETE = userRoute({ query: scope, unverified: true }, async ({ user, sessionId, query }) =>
  query.others ? endOtherSessions(user.id, sessionId) : endSessions(user.id));
