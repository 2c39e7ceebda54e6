import { z } from "zod";
import { userRoute } from "@/lib/auth/route";
import { operatorTeams } from "@/lib/services/teams";

const query = z.object({ q: z.string().trim().max(100, { error: "search text must be at most 100 characters" }).optional() });

/** Every team (the newest 50) with its members and apps; `q`: a team's name or a member's email, or part of one. */
export const GET = userRoute({ operator: true, query }, async ({ query }) => ({ teams: await operatorTeams(query.q || undefined) }));
