import { getEm } from "~/server/orm.server";
import { runExportJob } from "~/services/report-export.server";

/** `report.export`: writes a large report's Excel file with its progress (decision 0045). */
export async function reportExport(exportId: string): Promise<void> {
  await runExportJob(await getEm(), exportId);
}
