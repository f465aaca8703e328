import path from "node:path";

/** The folder where the e2e server on this port writes its mails (tests/e2e/server.ts), read by waitForMail. */
export function mailDir(port: number): string {
  return path.resolve(import.meta.dirname, `../../.data/e2e-mail-${port}`);
}
