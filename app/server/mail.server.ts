import nodemailer from "nodemailer";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { env } from "./env.server";

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

/**
 * Sends through SMTP when SMTP_URL is set; otherwise (the embedded default) writes the message as an .eml
 * file under MAIL_DIR and logs its path, so a developer can open the reset link.
 */
export async function sendMail(mail: Mail): Promise<{ file?: string }> {
  const e = env();
  const message = { from: e.MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text };
  if (e.SMTP_URL) {
    await smtpTransport(e.SMTP_URL).sendMail(message);
    return {};
  }
  const built = await nodemailer.createTransport({ streamTransport: true, buffer: true }).sendMail(message);
  await mkdir(e.MAIL_DIR, { recursive: true });
  const file = path.resolve(e.MAIL_DIR, `${Date.now()}-${mail.to.replace(/[^a-z0-9@.]/gi, "_")}.eml`);
  await writeFile(file, built.message as Buffer);
  console.info(`[mail] written to ${file}`);
  return { file };
}
