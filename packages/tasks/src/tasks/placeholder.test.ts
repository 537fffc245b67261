import { describe, expect, it } from "vitest";
import { PIPELINE_DATA, PIPELINE_TYPES, TASKS_DATA, getTaskPageData } from "@modelhub/tasks";

describe("getTaskPageData", () => {
  it.each(PIPELINE_TYPES)("%s gives its entry or a clear placeholder", (id) => {
    const page = getTaskPageData(id);
    expect(page.id).toBe(id);
    expect(page.label).toBe(PIPELINE_DATA[id].name);
    const entry = TASKS_DATA[id];
    if (entry) {
      expect(page).toBe(entry);
      return;
    }
    expect(page.isPlaceholder).toBe(true);
    expect(page.summary).toContain("does not have a task page yet");
    expect(page.summary).toContain(PIPELINE_DATA[id].name);
    expect(page.models).toEqual([]);
    expect(page.demo).toEqual({ inputs: [], outputs: [] });
  });

  it("returns undefined for ids that are not pipelines", () => {
    expect(getTaskPageData("text-to-smell")).toBeUndefined();
    expect(getTaskPageData("__proto__")).toBeUndefined();
  });
});
