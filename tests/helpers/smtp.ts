// A real SMTP server in the test process (the smtp-server package): the portal
// sends to it over SMTP_URL as it would to any mail server, and tests read
// what arrived. Plain SMTP on loopback, no STARTTLS, no authentication.
import { EventEmitter } from "node:events";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = { from: string; to: string[]; raw: string; subject: string; text: string };

/** The body of a single-part text mail, with quoted-printable undone (nodemailer folds long lines with it). */
function bodyText(raw: string): string {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split);
  const body = raw.slice(split + 4);
  if (!/^content-transfer-encoding:\s*quoted-printable/im.test(head)) return body;
  const bytes = body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

export async function startSmtp() {
  const mails: ReceivedMail[] = [];
  const arrived = new EventEmitter();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const from = /^from:\s*(.*)$/im.exec(raw)?.[1]?.trim() ?? "";
        const subject = /^subject:\s*(.*)$/im.exec(raw)?.[1]?.trim() ?? "";
        mails.push({ from, to: session.envelope.rcptTo.map((r) => r.address), raw, subject, text: bodyText(raw) });
        arrived.emit("mail");
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    /** Every mail so far to `to`. */
    to: (to: string) => mails.filter((m) => m.to.includes(to)),
    /** Resolves with the first mail to `to` once it has arrived (rejects after `ms`). */
    async next(to: string, ms = 30_000): Promise<ReceivedMail> {
      const found = () => mails.find((m) => m.to.includes(to));
      return new Promise((resolve, reject) => {
        const check = () => {
          const m = found();
          if (!m) return;
          clearTimeout(timer);
          arrived.off("mail", check);
          resolve(m);
        };
        const timer = setTimeout(() => {
          arrived.off("mail", check);
          reject(new Error(`no mail to ${to} in ${ms} ms (${mails.length} others arrived)`));
        }, ms);
        arrived.on("mail", check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
