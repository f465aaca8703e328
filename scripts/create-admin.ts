/**
 * Creates the first account of an empty installation and prints a single-use link to choose its password:
 *   npm run admin:create -- --email boss@company.fr --firstname Anne --lastname Martin [--role ROLE_FINANCIAL_MANAGEMENT]
 * The database is DATABASE_URL, else the embedded PostgreSQL (like `npm start`); pending migrations run first.
 * The link is `${APP_URL}/password/change/<token>` (APP_URL defaults to http://localhost:$PORT, 3000 without PORT); no mail is sent.
 */
import "./lib/job-runner"; // hands the job registry to the queue (issue 45)
import { MikroORM } from "@mikro-orm/postgresql";
import { parseArgs } from "node:util";
import { ormConfig } from "../db/mikro-orm.config";
import { t } from "../app/i18n/fr";
import { AppError } from "../app/services/shared/errors";
import { createAdmin } from "../app/services/identity/admin-bootstrap.server";
import { resolveDatabase } from "./lib/database";
import { migrate } from "./migrate";

function readArgs() {
  try {
    const { values } = parseArgs({
      options: {
        email: { type: "string" },
        firstname: { type: "string" },
        lastname: { type: "string" },
        role: { type: "string" },
      },
      strict: true,
    });
    if (!values.email || !values.firstname || !values.lastname) return null;
    return { email: values.email, firstname: values.firstname, lastname: values.lastname, role: values.role };
  } catch {
    return null;
  }
}

async function main(): Promise<number> {
  const args = readArgs();
  if (!args) {
    console.error(t("admin.usage"));
    return 1;
  }
  const db = await resolveDatabase();
  try {
    await migrate(db.url);
    const orm = await MikroORM.init(ormConfig(db.url, { poolMax: 2 }));
    try {
      const created = await createAdmin(orm.em.fork(), args, process.env.APP_URL || `http://localhost:${process.env.PORT || 3000}`);
      console.log(t("admin.created", { name: `${args.firstname.trim()} ${args.lastname.trim()}`, email: created.email, role: created.role }));
      console.log(t("admin.link"));
      console.log(created.link);
      return 0;
    } catch (error) {
      if (error instanceof AppError) {
        console.error(error.violations.length ? error.violations.map((v) => v.message).join("\n") : error.message);
        return 1;
      }
      throw error;
    } finally {
      await orm.close(true);
    }
  } finally {
    await db.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
