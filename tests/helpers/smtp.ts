// A real SMTP server in the test process (the smtp-server package): the portal
// sends to it over SMTP_URL as it would to any mail server, and tests read
// what arrived. Plain SMTP on loopback, no STARTTLS, no authentication.
import { EventEmitter } from "node:events";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/** A mail as a mail client reads it (the mailparser package): its text part and its HTML part (null when it has none). */
export type ReceivedMail = { from: string; to: string[]; raw: string; subject: string; text: string; html: string | null };

export async function startSmtp() {
  const mails: ReceivedMail[] = [];
  const arrived = new EventEmitter();
  let connections = 0;
  const server = new SMTPServer({
    authOptional: true,
    onConnect(_session, callback) {
      connections++;
      callback();
    },
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        simpleParser(raw).then(
          (m) => {
            // the From line as sent (a parser would re-quote the name)
            const from = /^from:\s*(.*)$/im.exec(raw)?.[1]?.trim() ?? "";
            mails.push({ from, to: session.envelope.rcptTo.map((r) => r.address), raw, subject: m.subject ?? "", text: m.text ?? "", html: m.html || null });
            arrived.emit("mail");
            callback();
          },
          (e: Error) => callback(e),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    /** How many SMTP connections were opened to it so far. */
    connections: () => connections,
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
