"use client";
// Every link of the console and the docs: Next's link, which fetches its page when the reader reaches for it
// (the pointer over it, the keyboard's focus, a touch) rather than as soon as it scrolls into view. A console
// page shows a dozen links (the app's tabs, the account, the docs), and Next's default fetched every one of
// them, each a page rendered by the portal, on every page view: for an operator's portal that is a dozen renders
// per page a reader looks at (two thirds of the requests its own browser tests made). A link reached for is
// still fetched before the click lands, so the page opens as quickly.
import NextLink from "next/link";
import { useRouter } from "next/navigation";
import type { ComponentProps } from "react";

export default function Link({ prefetch, href, onMouseEnter, onFocus, onTouchStart, ...rest }: ComponentProps<typeof NextLink>) {
  const router = useRouter();
  // A page of this site (not a file to download); a caller's prefetch={false} is never.
  const page = prefetch !== false && !rest.download && typeof href === "string" && href.startsWith("/") ? href : null;
  // The caller's own handler, after the fetch ahead.
  const reaching = <E,>(own?: (e: E) => void) => (e: E) => {
    if (page) router.prefetch(page);
    own?.(e);
  };
  return <NextLink {...rest} href={href} prefetch={false} onMouseEnter={reaching(onMouseEnter)} onFocus={reaching(onFocus)} onTouchStart={reaching(onTouchStart)} />;
}
