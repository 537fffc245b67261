import { describe, expect, it } from "vitest";
import { configNames, defaultSplit, splitEntries } from "./split-list.js";

const dataset = "me/data";

describe("split list", () => {
  it("merges ready, pending and failed splits in the API's order", () => {
    const entries = splitEntries({
      splits: [
        { dataset, config: "default", split: "test" },
        { dataset, config: "default", split: "train" },
      ],
      pending: [{ dataset, config: "extra", split: "train" }],
      failed: [{ dataset, config: "default", split: "validation", error: "line 3: bad quote" }],
    });
    expect(entries.map((e) => [e.config, e.split, e.status.state])).toEqual([
      ["default", "test", "ready"],
      ["default", "train", "ready"],
      ["extra", "train", "pending"],
      ["default", "validation", "failed"],
    ]);
    expect(configNames(entries)).toEqual(["default", "extra"]);
    expect(defaultSplit(entries, "default")).toBe("train");
    expect(defaultSplit(entries, "extra")).toBe("train");
  });

  it("applies a config-wide failure to all its splits", () => {
    const entries = splitEntries({
      splits: [{ dataset, config: "a", split: "train" }],
      pending: [],
      failed: [
        { dataset, config: "a", error: "no data files" },
        { dataset, config: "b", error: "unreadable" },
      ],
    });
    expect(entries.map((e) => [e.config, e.split, e.status])).toEqual([
      ["a", "train", { state: "failed", error: "no data files" }],
      ["b", "", { state: "failed", error: "unreadable" }],
    ]);
  });
});
