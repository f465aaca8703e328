import { afterAll, beforeAll } from "vitest";
import { resetEnvCache } from "~/server/shared/env.server";
import { drainInlineJobs } from "~/server/operations/queue.server";
import { SMTPServer } from "smtp-server";
import type { AddressInfo } from "node:net";

export interface CapturedMail {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  text: string;
}

/**
 * A real SMTP server on a random local port that keeps what it receives. Mail code under test talks SMTP to it
 * through nodemailer, exactly as in production.
 */
export async function startSmtpCapture(options: { refuse?: string[] } = {}) {
  const messages: CapturedMail[] = [];
  const refused: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    // `refuse`: these recipients get a permanent 550 at RCPT TO, as a real server answers an unknown mailbox.
    onRcptTo(address, _session, callback) {
      if (options.refuse?.includes(address.address.toLowerCase())) {
        refused.push(address.address);
        const error = Object.assign(new Error("5.1.1 mailbox unavailable"), { responseCode: 550 });
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject: decodeHeader(/^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? ""),
          text: decodeBody(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    messages,
    /** Recipients refused with a 550, once per attempt. */
    refused,
    async waitFor(predicate: (m: CapturedMail) => boolean, timeoutMs = 10_000): Promise<CapturedMail> {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        const found = messages.find(predicate);
        if (found) return found;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`no mail matched within ${timeoutMs} ms (got ${messages.length})`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function decodeHeader(value: string) {
  return value
    .replace(/\r?\n[ \t]/g, " ")
    // White space between two encoded words is folding, not text (RFC 2047 §6.2): drop it before decoding.
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?Q\?([^?]*)\?=/gi, (_, q: string) =>
      Buffer.from(q.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))), "latin1").toString("utf8"),
    )
    .replace(/\s+(?==\?)/g, "")
    .trim();
}

/** Enough of MIME for our plain-text mails: quoted-printable or base64 single part. */
function decodeBody(raw: string) {
  const split = raw.indexOf("\r\n\r\n") >= 0 ? raw.indexOf("\r\n\r\n") : raw.indexOf("\n\n");
  const head = raw.slice(0, split);
  let body = raw.slice(split).trim();
  if (/Content-Transfer-Encoding: quoted-printable/i.test(head)) {
    body = Buffer.from(
      body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
      "latin1",
    ).toString("utf8");
  } else if (/Content-Transfer-Encoding: base64/i.test(head)) {
    body = Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  }
  return body;
}

/**
 * For a test file whose jobs run in-process and whose mails go to a real SMTP capture: sets SMTP_URL and
 * INLINE_JOBS before the tests, drains the jobs and restores the environment after them.
 * Use at the top of a file: `const mail = useInlineMail();` then `mail.capture.waitFor(...)`.
 */
export function useInlineMail() {
  const handle = {} as { capture: Awaited<ReturnType<typeof startSmtpCapture>> };
  beforeAll(async () => {
    handle.capture = await startSmtpCapture();
    process.env.SMTP_URL = handle.capture.url;
    process.env.INLINE_JOBS = "1";
    resetEnvCache();
  });
  afterAll(async () => {
    await drainInlineJobs();
    await handle.capture.close();
    delete process.env.SMTP_URL;
    delete process.env.INLINE_JOBS;
    resetEnvCache();
  });
  return handle;
}
