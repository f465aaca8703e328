import { describe, expect, it } from "vitest";
import { leaveProgress, leaveStateLabel, type LeaveProgressInput } from "./progress";

describe("leaveStateLabel(leaveProgress(...)): where a request is", () => {
  it.each<[string, LeaveProgressInput, string]>([
    ["fast request just sent", { state: "pending", workflow: "fast" }, "En attente de la direction"],
    ["full request just sent", { state: "pending", workflow: "full" }, "En attente du chef d'équipe"],
    ["partial request just sent", { state: "pending", workflow: "partial" }, "En attente du chef de pôle"],
    [
      "full request prevalidated by the team leader",
      { state: "prevalidate", workflow: "full", reachedOn: "2026-11-12" },
      "En attente du chef de pôle (validée par le chef d'équipe le 12/11/2026)",
    ],
    [
      "partial request validated by the department head",
      { state: "validate", workflow: "partial", reachedOn: "2026-12-01" },
      "En attente de la direction (validée par le chef de pôle le 01/12/2026)",
    ],
    ["step day unknown (no history row)", { state: "validate", workflow: "full" }, "En attente de la direction (validée par le chef de pôle)"],
    ["team without leader: straight to the department head", { state: "pending", workflow: "full", teamHasLeader: false }, "En attente du chef de pôle"],
    [
      "division without head: prevalidated request goes to management",
      { state: "prevalidate", workflow: "full", divisionHasHead: false, reachedOn: "2026-11-12" },
      "En attente de la direction (validée par le chef d'équipe le 12/11/2026)",
    ],
    ["unknown workflow counts as fast", { state: "pending", workflow: "quick" }, "En attente de la direction"],
    ["accepted", { state: "accepted", workflow: "full" }, "Acceptée"],
    ["refused", { state: "refused", workflow: "full" }, "Refusée"],
    ["the detail's word for refused", { state: "rejected", workflow: "full" }, "Refusée"],
    ["removed after validation", { state: "removed", workflow: "fast" }, "Retirée"],
    ["unknown state shown as is", { state: "cancelled", workflow: "fast" }, "cancelled"],
  ])("%s", (_name, input, expected) => {
    expect(leaveStateLabel(leaveProgress(input))).toBe(expected);
  });

  it("names the step passed and who is next", () => {
    expect(leaveProgress({ state: "prevalidate", workflow: "full", reachedOn: "2026-11-12" })).toEqual({
      status: "pending",
      awaiting: "department_head",
      approved: { by: "team_leader", on: "2026-11-12" },
    });
  });
});
