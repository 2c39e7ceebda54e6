import { redirect } from "next/navigation";
import { currentUser } from "@/lib/auth/session";

/** Signing in, signing up and asking for a reset link are for someone signed out: the signed-in go to their apps. (A reset link is not: /reset says who is signed in.) */
export default async function SignedOutLayout({ children }: { children: React.ReactNode }) {
  if (await currentUser()) redirect("/apps");
  return children;
}
