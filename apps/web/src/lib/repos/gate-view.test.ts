import { describe, expect, it } from "vitest";
import type { GateState } from "@modelhub/api-types";
import { gateView, inputTypeOf } from "./gate-view.js";

const base: GateState = {
  gated: "manual",
  hasAccess: false,
  status: null,
  rejectionReason: null,
  canManage: false,
  fields: {},
  fieldOptions: {},
};

describe("gateView", () => {
  it("asks anonymous visitors to sign in, and signed-in visitors without a request for the form", () => {
    expect(gateView(undefined, false).kind).toBe("sign-in");
    expect(gateView(base, true)).toMatchObject({ kind: "form", text: expect.stringMatching(/review/) });
    expect(gateView({ ...base, gated: "auto" }, true).text).toMatch(/as soon as/);
  });

  it("shows the state of an existing request", () => {
    expect(gateView({ ...base, status: "pending" }, true).kind).toBe("pending");
    expect(gateView({ ...base, status: "rejected", rejectionReason: "No" }, true)).toEqual({
      kind: "rejected",
      text: expect.stringContaining("Reason: No"),
    });
    expect(gateView({ ...base, status: "accepted", hasAccess: true }, true).kind).toBe("granted");
    expect(gateView({ ...base, hasAccess: true, canManage: true }, true).kind).toBe("granted");
  });

  it("maps card field kinds to inputs", () => {
    expect(inputTypeOf("checkbox")).toBe("checkbox");
    expect(inputTypeOf("date_picker")).toBe("date");
    expect(inputTypeOf("country")).toBe("text");
  });
});
