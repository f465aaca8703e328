import { getEm } from "~/server/shared/orm.server";
import { runExportJob } from "~/services/reports/export.server";

/** `report.export`: writes a large report's Excel file with its progress (decision 0045). */
export async function reportExport(exportId: string): Promise<void> {
  await runExportJob(await getEm(), exportId);
}
