// The portal's outgoing mail: over SMTP with nodemailer when SMTP_URL is set
// (lib/config.ts; MAIL_FROM the sender), else written to the server's log, so a
// local portal without a mail server still shows what it would have sent.
// Mail is queued, not awaited by the request that asked for it: the request
// answers in the same time whether or not a mail goes out (lib/services/recovery.ts
// relies on it), and mails leave one at a time in the order they were queued,
// over one SMTP connection kept open between them (nodemailer's pool: a mail
// server's greeting and handshake once, not once a mail).
// Every mail is written here from its blocks (`renderMail`): a plain-text part
// and an HTML part with the same words and links (multipart/alternative).
import nodemailer, { type Transporter } from "nodemailer";
import { config, part, runtime } from "@/lib/runtime";
import { log } from "@/lib/log";

/** A mail's content in order: paragraphs, and links (a button-like link in HTML, the address on a line of its own in the text). */
export type MailBlock = string | { link: string; label: string };
export type Mail = { to: string; subject: string; body: readonly MailBlock[] };

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The mail's two parts, from its blocks: the same words and links in each. */
export function renderMail(mail: Pick<Mail, "subject" | "body">): { text: string; html: string } {
  const text = mail.body.map((b) => (typeof b === "string" ? b : b.link)).join("\n\n");
  const html = mail.body.map((b) =>
    typeof b === "string"
      ? `<p>${escapeHtml(b)}</p>`
      : `<p><a href="${escapeHtml(b.link)}" style="display:inline-block;padding:8px 14px;background:#1d4ed8;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(b.label)}</a></p>\n` +
        `<p style="font-size:13px;color:#475569">Or open this address: <a href="${escapeHtml(b.link)}">${escapeHtml(b.link)}</a></p>`,
  ).join("\n");
  return {
    text: `${text}\n`,
    html: `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(mail.subject)}</title></head>\n` +
      `<body style="font-family:system-ui,-apple-system,'Segoe UI',sans-serif;font-size:15px;line-height:1.5;color:#0f172a">\n${html}\n</body></html>\n`,
  };
}

/** Mails waiting in this process past which new ones are dropped (with a line in the log): the queue stays bounded. */
const MAX_WAITING = 1000;

type MailState = { transport: Transporter | null; tail: Promise<void>; waiting: number; closed: boolean; stopped: Promise<never> };
const MAIL = part<MailState>("mail");

/** How long the portal's stop waits for the mails already queued to leave. */
const STOP_WAIT_MS = 5_000;

/** SMTP_URL with nodemailer's pool on, unless the URL says otherwise (`?pool=false`). */
function pooled(smtpUrl: string): string {
  const u = new URL(smtpUrl);
  if (!u.searchParams.has("pool")) u.searchParams.set("pool", "true");
  return u.toString();
}

function state() {
  const rt = runtime();
  return rt.of(MAIL, () => {
    const transport = config.smtpUrl ? nodemailer.createTransport(pooled(config.smtpUrl)) : null;
    let stop!: (e: Error) => void;
    const stopped = new Promise<never>((_, reject) => (stop = reject));
    stopped.catch(() => {});
    const s: MailState = { transport, tail: Promise.resolve(), waiting: 0, closed: false, stopped };
    // The portal's stop lets the queued mails leave (for up to STOP_WAIT_MS), then ends the kept
    // connection; a mail still queued then, or queued later, is logged as not sent.
    if (transport) {
      rt.onStop(async () => {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([s.tail, new Promise<void>((r) => (timer = setTimeout(r, STOP_WAIT_MS)))]);
        clearTimeout(timer);
        s.closed = true;
        stop(new Error("the portal stopped before it went out"));
        transport.close();
      });
    }
    return s;
  });
}

/** Sends one mail now (or writes it to the log without SMTP_URL). */
async function deliver(mail: Mail): Promise<void> {
  const { transport, closed, stopped } = state();
  const { text, html } = renderMail(mail);
  if (!transport) {
    log().info(`[mail] SMTP_URL is not set; the mail to ${mail.to} is written here instead.\nSubject: ${mail.subject}\n\n${text}`);
    return;
  }
  if (closed) throw new Error("the portal stopped before it went out");
  // A mail in flight when the connection is ended never settles in nodemailer: the stop answers for it.
  await Promise.race([transport.sendMail({ from: config.mailFrom, to: mail.to, subject: mail.subject, text, html }), stopped]);
}

/** Queues `mail`; a failure to send is logged (never thrown to the request that queued it). */
export function queueMail(mail: Mail): void {
  const s = state();
  if (s.waiting >= MAX_WAITING) {
    log().error(`[mail] ${s.waiting} mails waiting; the mail to ${mail.to} ("${mail.subject}") was dropped`);
    return;
  }
  s.waiting++;
  s.tail = s.tail
    .then(() => deliver(mail))
    .catch((e: unknown) => log().error(`[mail] sending to ${mail.to} failed: ${e instanceof Error ? e.message : String(e)}`))
    .finally(() => void s.waiting--);
}
