import { beforeAll, describe, expect, it } from "vitest";
import { t } from "~/i18n/fr";
import { closeMonth } from "~/services/payroll-close.server";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, type Org, type TestEmployee } from "~tests/support/factories";
import { currentUserOf } from "~tests/support/factories-leave";
import { htmlClient, useTestServer } from "~tests/support/http";

/** Issue 27: a monthly close that really closes (decision 0079). */
const db = useTestDatabase();
const server = useTestServer();
const NOW = new Date("2026-11-26T10:00:00Z");

let org: Org;
let head: TestEmployee, financial: TestEmployee;

beforeAll(async () => {
  org = await createOrg(db.em(), " Clôture27");
  head = await createEmployee(db.em(), org, { profileType: "ROLE_HEAD_MANAGEMENT", email: "c27.head@cadran.test" });
  financial = await createEmployee(db.em(), org, { profileType: "ROLE_FINANCIAL_MANAGEMENT", email: "c27.fin@cadran.test" });
});

const decode = (html: string) => html.replaceAll("&#x27;", "'").replaceAll("&#39;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");

describe("absurd months (issue 27 §4)", () => {
  it.each(["0000-01", "2026-13", "2026-00", "1900-01", "9999-12", "20266-01"])(
    "month=%s: the page, the export and the close answer a French 400",
    async (month) => {
      const client = htmlClient(() => server.baseUrl);
      await client.login(financial.email);
      const message = t("payroll.error.month");
      const page = await client.get(`/report/payroll?subsidiary=${org.subsidiaryId}&month=${month}`);
      expect(page.status).toBe(400);
      expect(decode(page.text)).toContain(message);
      for (const format of ["csv", "xlsx"]) {
        const file = await client.get(`/export/payroll?subsidiary=${org.subsidiaryId}&month=${month}&format=${format}`);
        expect(file.status).toBe(400);
        expect(JSON.parse(file.text)).toEqual({ message });
      }
      const close = await client.post(`/report/payroll?subsidiary=${org.subsidiaryId}&month=${month}`, { intent: "close" });
      expect(close.status).toBe(400);
      expect(decode(close.text)).toContain(message);
      const fin = await currentUserOf(db.em(), financial);
      await expect(closeMonth(db.em(), fin, org.subsidiaryId, month, NOW)).rejects.toMatchObject({ status: 422, message });
      expect(await db.sql(`select 1 from payroll_month where subsidiary_id = ?`, [org.subsidiaryId])).toEqual([]);
    },
  );
});
