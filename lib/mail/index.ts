// The portal's outgoing mail: over SMTP with nodemailer when SMTP_URL is set
// (lib/config.ts; MAIL_FROM the sender), else written to the server's log, so a
// local portal without a mail server still shows what it would have sent.
// Mail is queued, not awaited by the request that asked for it: the request
// answers in the same time whether or not a mail goes out (lib/services/recovery.ts
// relies on it), and mails leave one at a time in the order they were queued.
import nodemailer, { type Transporter } from "nodemailer";
import { config } from "@/lib/config";
import { part, runtime } from "@/lib/runtime";

export type Mail = { to: string; subject: string; text: string };

/** Mails waiting in this process past which new ones are dropped (with a line in the log): the queue stays bounded. */
const MAX_WAITING = 1000;

const MAIL = part<{ transport: Transporter | null; tail: Promise<void>; waiting: number }>("mail");

function state() {
  return runtime().of(MAIL, () => ({
    transport: config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null,
    tail: Promise.resolve(),
    waiting: 0,
  }));
}

/** Sends one mail now (or writes it to the log without SMTP_URL). */
async function deliver(mail: Mail): Promise<void> {
  const { transport } = state();
  if (!transport) {
    console.log(`[mail] SMTP_URL is not set; the mail to ${mail.to} is written here instead.\nSubject: ${mail.subject}\n\n${mail.text}`);
    return;
  }
  await transport.sendMail({ from: config.mailFrom, to: mail.to, subject: mail.subject, text: mail.text });
}

/** Queues `mail`; a failure to send is logged (never thrown to the request that queued it). */
export function queueMail(mail: Mail): void {
  const s = state();
  if (s.waiting >= MAX_WAITING) {
    console.error(`[mail] ${s.waiting} mails waiting; the mail to ${mail.to} ("${mail.subject}") was dropped`);
    return;
  }
  s.waiting++;
  s.tail = s.tail
    .then(() => deliver(mail))
    .catch((e: unknown) => console.error(`[mail] sending to ${mail.to} failed: ${e instanceof Error ? e.message : String(e)}`))
    .finally(() => void s.waiting--);
}
