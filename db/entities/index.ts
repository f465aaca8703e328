export * from "./organisation";
export * from "./employee";
export * from "./identity";
export * from "./time";
export * from "./leave";
export * from "./jobs";
export * from "./overtime";
export * from "./planning";
export * from "./reports";

import { Country, Holiday, Subsidiary, Division, Team } from "./organisation";
import { ContractHistory, Employee, WeekSchedule } from "./employee";
import { User, Avatar, Session, ApiToken, PasswordResetToken, LoginFailure } from "./identity";
import { TimeClock, TimeLog, Overtime, Deduction, EventDay, Terminal } from "./time";
import { Leave, LeaveStep } from "./leave";
import { JobRun } from "./jobs";
import { CountryOvertimePolicy, OvertimeWeek } from "./overtime";
import { CalendarFeed } from "./planning";
import { ReportExport, PayrollMonth, PayrollMonthLog } from "./reports";

export const entities = [
  Country, Holiday, Subsidiary, Division, Team,
  Employee, WeekSchedule, ContractHistory,
  User, Avatar, Session, ApiToken, PasswordResetToken, LoginFailure,
  TimeClock, TimeLog, Overtime, Deduction, EventDay, Terminal,
  Leave, LeaveStep,
  JobRun,
  CountryOvertimePolicy, OvertimeWeek,
  CalendarFeed,
  ReportExport, PayrollMonth, PayrollMonthLog,
];
