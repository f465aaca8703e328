import base from "../../vitest.config";

/** The suite's own configuration (its global setup, setup file and pool) on the failing fixture only. */
export default { ...base, test: { ...base.test, include: ["tests/harness/*.fixture.ts"], reporters: ["default"] } };
