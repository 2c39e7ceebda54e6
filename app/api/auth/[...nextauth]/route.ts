import { authRoutes } from "@/lib/auth";

export const { GET, POST } = authRoutes;
