import { defineEntity, type InferEntity } from "@mikro-orm/core";
import { Employee } from "./employee";
import { User } from "./identity";
import { Subsidiary } from "./organisation";

/**
 * An Excel export above the row threshold, prepared by the worker (DESIGN §6, §9; decision 0045). Only its
 * requester may follow or download it; the file is kept 24 h (`expiresAt`).
 */
export const ReportExport = defineEntity({
  name: "ReportExport",
  tableName: "report_export",
  properties: (p) => ({
    id: p.string().length(36).primary(),
    user: () => p.manyToOne(User).index().deleteRule("cascade"),
    kind: p.string().length(20),
    /** The report's filters (ids and dates only). */
    params: p.json<Record<string, unknown>>(),
    /** queued, running, done, failed. */
    status: p.string().length(12).default("queued"),
    doneRows: p.integer().default(0),
    totalRows: p.integer().default(0),
    fileName: p.string().length(200),
    filePath: p.string().length(500).nullable(),
    error: p.text().nullable(),
    createdAt: p.datetime(),
    finishedAt: p.datetime().nullable(),
    expiresAt: p.datetime().index(),
  }),
});
export type ReportExport = InferEntity<typeof ReportExport>;

/** A month closed for payroll in a subsidiary (DESIGN §10, decision 0046): its weeks refuse changes. */
export const PayrollMonth = defineEntity({
  name: "PayrollMonth",
  tableName: "payroll_month",
  uniques: [{ properties: ["subsidiary", "month"] }],
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    subsidiary: () => p.manyToOne(Subsidiary).deleteRule("cascade"),
    /** The month's first day. */
    month: p.date(),
    closedBy: () => p.manyToOne(Employee).nullable().deleteRule("set null"),
    closedAt: p.datetime(),
  }),
});
export type PayrollMonth = InferEntity<typeof PayrollMonth>;

/** Every close and reopen of a payroll month. */
export const PayrollMonthLog = defineEntity({
  name: "PayrollMonthLog",
  tableName: "payroll_month_log",
  indexes: [{ properties: ["subsidiary", "month"] }],
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    subsidiary: () => p.manyToOne(Subsidiary).deleteRule("cascade"),
    month: p.date(),
    /** close or reopen. */
    action: p.string().length(10),
    actor: () => p.manyToOne(Employee).nullable().deleteRule("set null"),
    at: p.datetime(),
  }),
});
export type PayrollMonthLog = InferEntity<typeof PayrollMonthLog>;
