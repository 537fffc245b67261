import { describe, expect, it } from "vitest";
import { licenseLabel } from "./license-label.js";

describe("licenseLabel", () => {
  it.each([
    ["cc-by-sa-3.0", "CC BY-SA 3.0"],
    ["cc-by-nc-nd-4.0", "CC BY-NC-ND 4.0"],
    ["gpl-3.0", "GPL 3.0"],
    ["bsd-3-clause", "BSD 3-Clause"],
    ["llama3.1", "Llama 3.1"],
    ["other", "Other"],
    ["openrail++", "Openrail++"],
  ])("%s → %s", (id, label) => {
    expect(licenseLabel(id)).toBe(label);
  });
});
