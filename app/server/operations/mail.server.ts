import nodemailer from "nodemailer";
import { randomUUID } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { mailRefusal, type MailRefusal } from "~/domain/operations/mail-recipient";
import { env } from "~/server/shared/env.server";
import { currentJob } from "./job-context.server";
import { PermanentJobError } from "./jobs.server";
import { getEm, getStatementEm } from "~/server/shared/orm.server";
import { writeOutbox } from "./outbox.server";
import { kickRelay } from "./queue.server";

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

function smtpTransport(url: string) {
  const u = new URL(url);
  return nodemailer.createTransport({
    host: u.hostname,
    port: Number(u.port || (u.protocol === "smtps:" ? 465 : 25)),
    secure: u.protocol === "smtps:",
    ignoreTLS: u.searchParams.get("ignoreTLS") === "true",
    auth: u.username ? { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) } : undefined,
  });
}

/** A mail the SMTP server refused for good (a 5xx reply, e.g. 550 "no such user"): never retried. */
export class PermanentMailError extends PermanentJobError {}

/** The SMTP reply code of a nodemailer error (responseCode), if any. */
function smtpCode(error: unknown): number | undefined {
  const code = (error as { responseCode?: unknown })?.responseCode;
  return typeof code === "number" ? code : undefined;
}

/**
 * A file name under MAIL_DIR that never collides (decision 0092): the epoch milliseconds (as before: names sort by
 * time, tools read the prefix), then a random id, then the recipient. Two mails to one person in the same millisecond
 * (or from two processes) get two files.
 */
export function mailFileName(to: string, now = new Date()): string {
  return `${now.getTime()}-${randomUUID()}-${to.replace(/[^a-z0-9@.]/gi, "_")}.eml`;
}

/**
 * Talks SMTP now when SMTP_URL is set; otherwise (the embedded default) writes the message as an .eml file under
 * MAIL_DIR and logs its path, so a developer can open the reset link. A 5xx reply throws PermanentMailError.
 */
export async function deliverMail(mail: Mail): Promise<{ file?: string }> {
  const e = env();
  const message = { from: e.MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text };
  if (e.SMTP_URL) {
    try {
      await smtpTransport(e.SMTP_URL).sendMail(message);
    } catch (error) {
      const code = smtpCode(error);
      if (code !== undefined && code >= 500 && code < 600) throw new PermanentMailError(`SMTP ${code}: ${(error as Error).message}`);
      throw error;
    }
    return {};
  }
  const built = await nodemailer.createTransport({ streamTransport: true, buffer: true }).sendMail(message);
  await mkdir(e.MAIL_DIR, { recursive: true });
  const name = mailFileName(mail.to);
  const file = path.resolve(e.MAIL_DIR, name);
  // Written under a hidden name, then renamed: a reader of the folder (a developer's tool, the journeys' waitForMail)
  // sees the whole message or nothing. Created with `wx`, a file was listed empty between its creation and its write:
  // a journey read an empty reset mail on a loaded CI machine.
  const partial = path.resolve(e.MAIL_DIR, `.${name}.partial`);
  await writeFile(partial, built.message as Buffer, { flag: "wx" });
  await rename(partial, file);
  console.info(`[mail] written to ${file}`);
  return { file };
}

/**
 * Why this address must not be mailed (decision 0121), from the sheet whose professional e-mail, or whose account's
 * login, it is (both stored lower-case, both unique: two index probes per mail): archived or anonymised. Null: send.
 */
export async function recipientRefusal(to: string): Promise<MailRefusal | null> {
  const address = to.trim().toLowerCase();
  if (mailRefusal(address, null)) return mailRefusal(address, null);
  const [person] = await (await getStatementEm()).getConnection().execute<{ fired_at: string | null; anonymised_at: string | null }[]>(
    `select e.fired_at::text as fired_at, e.anonymised_at::text as anonymised_at from employee e
      where e.email = ? or e.id = (select employee_id from app_user where email = ?)
      order by (e.fired_at is null and e.anonymised_at is null) desc limit 1`,
    [address, address],
  );
  return mailRefusal(address, person ? { firedAt: person.fired_at, anonymisedAt: person.anonymised_at } : null);
}

function logRefused(to: string, refusal: MailRefusal, subject: string) {
  console.info(`[mail] not sent (${refusal} recipient, decision 0121): ${subject.slice(0, 80)} to ${to.replace(/^[^@]*/, "…")}`);
}

/**
 * Sends a mail. Never to an archived or anonymised person (decision 0121): such a mail is dropped here and logged
 * (no recipient's address in full). Inside a job run by the worker (decision 0092) the mail is stored in `outgoing_mail` with a key made
 * of the job's stable id, the recipient and its rank, and handed to its own `mail.send` job through the outbox in the
 * same transaction: one job per recipient, so a refused address never makes the others' mails go again, and a retried
 * job finds its mails already stored. Elsewhere (inline jobs, scripts) the mail goes out at once.
 */
export async function sendMail(mail: Mail): Promise<{ file?: string; mailId?: number; refused?: MailRefusal }> {
  const refused = await recipientRefusal(mail.to);
  if (refused) {
    logRefused(mail.to, refused, mail.subject);
    return { refused };
  }
  const job = currentJob();
  if (!job || !job.queued || job.name === "mail.send") return deliverMail(mail);
  const rank = (job.mails.get(mail.to) ?? 0) + 1;
  job.mails.set(mail.to, rank);
  const key = `${job.name}:${job.key}:${mail.to}:${rank}`.slice(0, 255);
  const mailId = await (await getEm()).transactional(async (tx) => {
    const inserted = await tx.execute<{ id: string }[]>(
      `insert into outgoing_mail (key, to_address, subject, body) values (?, ?, ?, ?) on conflict (key) do nothing returning id`,
      [key, mail.to, mail.subject, mail.text],
    );
    if (inserted.length === 0) return undefined;
    const id = Number(inserted[0]!.id);
    await writeOutbox(tx, "mail.send", { mailId: id });
    return id;
  });
  if (mailId !== undefined) kickRelay();
  return { mailId };
}

/**
 * The `mail.send` job: sends one stored mail once. Already sent or refused for good: nothing to do. A 5xx reply marks
 * the mail failed and fails the job for good; any other error leaves it for the next attempt (with backoff).
 */
export async function sendStoredMail(mailId: number): Promise<{ sent: boolean; file?: string }> {
  const conn = (await getStatementEm()).getConnection();
  const [row] = await conn.execute<{ to_address: string; subject: string; body: string; sent_at: Date | null; failed_at: Date | null }[]>(
    `update outgoing_mail set attempts = attempts + 1 where id = ? returning to_address, subject, body, sent_at, failed_at`,
    [mailId],
  );
  if (!row || row.sent_at || row.failed_at) return { sent: false };
  // Stored before the person was archived or anonymised: still not sent (marked failed, never retried).
  const refused = await recipientRefusal(row.to_address);
  if (refused) {
    logRefused(row.to_address, refused, row.subject);
    await conn.execute(`update outgoing_mail set failed_at = now(), error = ? where id = ?`, [`not sent: ${refused} recipient (decision 0121)`, mailId]);
    return { sent: false };
  }
  try {
    const result = await deliverMail({ to: row.to_address, subject: row.subject, text: row.body });
    await conn.execute(`update outgoing_mail set sent_at = now(), error = null where id = ?`, [mailId]);
    return { sent: true, ...result };
  } catch (error) {
    const message = error instanceof Error ? error.message.slice(0, 500) : String(error);
    if (error instanceof PermanentMailError) {
      await conn.execute(`update outgoing_mail set failed_at = now(), error = ? where id = ?`, [message, mailId]);
    } else {
      await conn.execute(`update outgoing_mail set error = ? where id = ?`, [message, mailId]).catch(() => {});
    }
    throw error;
  }
}
