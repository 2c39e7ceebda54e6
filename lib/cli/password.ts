// Where `user create` takes its password from, so it need not be on the
// command line (the process list, the shell's history): --password-stdin
// (everything on stdin, one final line break dropped), else a prompt on the
// terminal (typed twice, not echoed), else --password P as before.
import { UsageError } from "./usage";

type Opts = Record<string, string | boolean | undefined>;

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8").replace(/\r?\n$/, "");
}

/** One line typed on the terminal without echo; Ctrl-C or Ctrl-D on an empty line gives up. */
function ask(prompt: string): Promise<string> {
  const input = process.stdin;
  return new Promise((resolve, reject) => {
    let typed = "";
    const done = (fail?: Error) => {
      input.off("data", onData);
      input.setRawMode(false);
      input.pause();
      process.stderr.write("\n");
      if (fail) reject(fail);
      else resolve(typed);
    };
    const onData = (chunk: Buffer) => {
      for (const ch of chunk.toString("utf8")) {
        if (ch === "\r" || ch === "\n") return done();
        if (ch === "\u0003" || (ch === "\u0004" && !typed)) return done(new Error("no password typed"));
        if (ch === "\u007f" || ch === "\b") typed = [...typed].slice(0, -1).join("");
        else if (ch >= " ") typed += ch;
      }
    };
    input.setRawMode(true);
    input.resume();
    input.on("data", onData);
    process.stderr.write(prompt); // after raw mode: nothing typed from here on is echoed
  });
}

async function prompted(): Promise<string> {
  const first = await ask("Password: ");
  if ((await ask("Password again: ")) !== first) throw new Error("the two passwords differ");
  return first;
}

/** Read once per process: lib/cli/main.ts may run the command again after a busy database. */
let typed: Promise<string> | undefined;

/** The password of `user create`; a UsageError when there is no way to get one. */
export function passwordOption(o: Opts): Promise<string> {
  const given = typeof o.password === "string";
  if (given && o["password-stdin"]) throw new UsageError("give --password-stdin or --password, not both");
  if (given) return Promise.resolve(o.password as string);
  if (!o["password-stdin"] && !process.stdin.isTTY) {
    throw new UsageError("user create needs a password: --password-stdin (or --password P), or run it on a terminal to be asked");
  }
  typed ??= o["password-stdin"] ? readStdin() : prompted();
  return typed;
}
