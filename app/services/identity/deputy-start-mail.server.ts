/**
 * A deputy period's first day (decision 0112): the deputy is told the period has begun and how many requests
 * already await the manager — the step mails of 0105 only reach a deputy for requests sent during the period, so
 * the ones sent before it would wait unseen in their list. Once per period (`deputy.start_mail_at`), by the daily
 * job `deputy.start-mail` (07:00, Paris) and right after a period starting today is named.
 */
import type { EntityManager } from "@mikro-orm/postgresql";
import { displayName } from "~/domain/employees/name";
import { frDate } from "~/domain/shared/api-dates";
import { t } from "~/i18n/fr";
import { env } from "~/server/shared/env.server";
import { sendMail } from "~/server/operations/mail.server";
import { deputyToday, MANAGER_KEY_SQL } from "./deputies.server";

interface StartingRow {
  id: number;
  email: string;
  df: string;
  dl: string;
  mf: string;
  ml: string;
  ends_on: string;
  waiting: number;
}

/**
 * Mails every deputy whose period is in force on `now`'s Paris day and was not announced yet, then marks those
 * periods announced. The mail goes first: a job run again after a crash finds its mails already stored under the
 * job's key (decision 0092) and marks the periods then. Archived managers or deputies are skipped (and marked).
 */
export async function mailStartingDeputies(em: EntityManager, now: Date = new Date()): Promise<{ sent: number }> {
  const today = deputyToday(now);
  const rows = await em.getConnection().execute<StartingRow[]>(
    `select d.id, p.email, p.firstname as df, p.lastname as dl, m.firstname as mf, m.lastname as ml, d.ends_on::text as ends_on,
            (select count(*) from leave l
              where l.waiting_for = ${MANAGER_KEY_SQL} and l.employee_id <> m.id and l.employee_id <> p.id)::int as waiting
       from deputy d join employee m on m.id = d.manager_id join employee p on p.id = d.deputy_id
      where d.start_mail_at is null and d.starts_on <= ?::date and d.ends_on >= ?::date
        and m.fired_at is null and p.fired_at is null
      order by d.id`,
    [today, today],
  );
  const link = new URL("/leave/waiting", env().APP_URL).toString();
  for (const r of rows) {
    const manager = displayName(r.mf, r.ml);
    await sendMail({
      to: r.email,
      subject: t("deputy.mail.start_subject", { manager }),
      text: t(r.waiting === 0 ? "deputy.mail.start_text_none" : r.waiting === 1 ? "deputy.mail.start_text_one" : "deputy.mail.start_text", {
        name: displayName(r.df, r.dl),
        manager,
        to: frDate(r.ends_on),
        count: r.waiting,
        link,
      }),
    });
  }
  // Marked after the mails; the periods of archived people (never mailed) with them, so they are not read again.
  await em.getConnection().execute(
    `update deputy set start_mail_at = ? where start_mail_at is null and starts_on <= ?::date
        and (id = any(?::int[]) or ends_on < ?::date
             or exists (select 1 from employee e where e.id in (deputy.manager_id, deputy.deputy_id) and e.fired_at is not null))`,
    [now, today, `{${rows.map((r) => r.id).join(",")}}`, today],
  );
  return { sent: rows.length };
}
