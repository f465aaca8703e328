import { defineEntity, type InferEntity } from "@mikro-orm/core";

/** A country: time zone, public holidays and the overtime split (percentages). */
export const Country = defineEntity({
  name: "Country",
  tableName: "country",
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    name: p.string().length(120).unique(),
    timezone: p.string().length(64).default("Europe/Paris"),
    /** Share of overtime paid, in percent. */
    overtimePaid: p.decimal("number").precision(5).scale(2).default(0),
    /** Share of overtime put into recovery, in percent. */
    overtimeInRecuperation: p.decimal("number").precision(5).scale(2).default(0),
    employeeInitiatedRecuperation: p.decimal("number").precision(5).scale(2).default(0),
    employerInitiatedRecuperation: p.decimal("number").precision(5).scale(2).default(0),
    /** Overtime hours of an ISO week paid at the first rate before the second applies (French default 8). */
    overtimeFirstBandHours: p.integer().default(8),
    overtimeFirstBandRate: p.integer().default(25),
    overtimeSecondBandRate: p.integer().default(50),
    holidays: () => p.oneToMany(Holiday).mappedBy("country").orphanRemoval(),
  }),
});
export type Country = InferEntity<typeof Country>;

/**
 * A holiday (a calendar day) of a country (its public holidays) or of a subsidiary (a local holiday its employees
 * get in addition to their country's, decision 0031): exactly one of the two is set (check constraint).
 */
export const Holiday = defineEntity({
  name: "Holiday",
  tableName: "holiday",
  uniques: [{ properties: ["country", "date"] }, { properties: ["subsidiary", "date"] }],
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    country: () => p.manyToOne(Country).deleteRule("cascade").nullable(),
    subsidiary: () => p.manyToOne(Subsidiary).deleteRule("cascade").nullable(),
    date: p.date(),
    name: p.string().length(120),
  }),
});
export type Holiday = InferEntity<typeof Holiday>;

export const Subsidiary = defineEntity({
  name: "Subsidiary",
  tableName: "subsidiary",
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    name: p.string().length(120).unique(),
    country: () => p.manyToOne(Country).index(),
    city: p.string().length(120),
    timezone: p.string().length(64).default("Europe/Paris"),
    divisions: () => p.oneToMany(Division).mappedBy("subsidiary"),
    holidays: () => p.oneToMany(Holiday).mappedBy("subsidiary").orphanRemoval(),
  }),
});
export type Subsidiary = InferEntity<typeof Subsidiary>;

export const Division = defineEntity({
  name: "Division",
  tableName: "division",
  uniques: [{ properties: ["subsidiary", "name"] }],
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    name: p.string().length(120),
    subsidiary: () => p.manyToOne(Subsidiary).index(),
    teams: () => p.oneToMany(Team).mappedBy("division"),
  }),
});
export type Division = InferEntity<typeof Division>;

export const Team = defineEntity({
  name: "Team",
  tableName: "team",
  uniques: [{ properties: ["division", "name"] }],
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    name: p.string().length(120),
    subsidiary: () => p.manyToOne(Subsidiary).index(),
    division: () => p.manyToOne(Division).index(),
  }),
});
export type Team = InferEntity<typeof Team>;
