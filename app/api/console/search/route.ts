import { consoleSearchSchema, searchConsole } from "@/lib/activity/search";
import { userRoute } from "@/lib/auth/route";

export const GET = userRoute({ query: consoleSearchSchema }, async ({ user, query }) => searchConsole(user.id, query.q));
