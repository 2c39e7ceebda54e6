// Sent with every response of the portal: no framing by other sites, no
// content-type sniffing, no full referrer to other sites. The list lives in
// security-headers.json, which next.config.mjs reads too (one list for Next's
// pages and routes and for our own server's /sandbox and /inspect answers).
import list from "./security-headers.json";

export const SECURITY_HEADERS: Readonly<Record<string, string>> = list;
