// Where the docs remember the reader's app (an app id: it grants nothing, every
// route checks ownership): set by the picker (app/docs/actions.ts) and by a docs
// link naming `?app=` (proxy.ts), read by lib/docs/fill.ts.
import { config } from "@/lib/runtime";

export const DOCS_APP_COOKIE = "docs-app";

/** An app id as the cookie may hold it. */
export const isAppId = (v: string | null | undefined): v is string => typeof v === "string" && /^app_[0-9A-Za-z]{1,64}$/.test(v);

/** The cookie's attributes: a year, the whole site, not readable by scripts, Secure when PUBLIC_URL is https. */
export const docsAppCookieOptions = () => ({ path: "/", maxAge: 365 * 24 * 3600, sameSite: "lax", httpOnly: true, secure: config.secureCookies }) as const;
