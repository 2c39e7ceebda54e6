"use client";
// A link into a page's anchor that has moved to another page (the one-page
// /docs/dev's endpoints, now on their group's pages): the hash never reaches
// the server, so the page sends it on from the browser.
import { useRouter } from "next/navigation";
import { useEffect } from "react";

export function MovedAnchors({ moved }: { moved: Record<string, string> }) {
  const router = useRouter();
  useEffect(() => {
    const go = () => {
      const to = moved[decodeURIComponent(window.location.hash.slice(1))];
      if (to) router.replace(to);
    };
    go();
    window.addEventListener("hashchange", go);
    return () => window.removeEventListener("hashchange", go);
  }, [moved, router]);
  return null;
}
