import { describe, expect, it } from "vitest";
import { isEmptyRepo, startCommands } from "./start-commands.js";

describe("isEmptyRepo", () => {
  it("counts a repo with nothing but .gitattributes as empty", () => {
    expect(isEmptyRepo([])).toBe(true);
    expect(isEmptyRepo([{ rfilename: ".gitattributes" }])).toBe(true);
    expect(isEmptyRepo([{ path: ".gitattributes" }])).toBe(true);
    expect(isEmptyRepo([{ rfilename: ".gitattributes" }, { rfilename: "README.md" }])).toBe(false);
    expect(isEmptyRepo(undefined)).toBe(false);
  });
});

describe("startCommands", () => {
  it("aims git and the hf CLI at this hub, with the repo type for datasets and spaces", () => {
    const model = startCommands("model", "alice/tiny", "http://hub.lan:8080");
    expect(model.git).toContain("git clone http://hub.lan:8080/alice/tiny\ncd tiny");
    expect(model.hf).toContain("HF_ENDPOINT=http://hub.lan:8080 hf upload alice/tiny .");
    expect(model.hf).not.toContain("--repo-type");
    const dataset = startCommands("dataset", "alice/reviews", "http://hub.lan:8080");
    expect(dataset.git).toContain("git clone http://hub.lan:8080/datasets/alice/reviews");
    expect(dataset.hf).toMatch(/hf upload alice\/reviews \. --repo-type dataset$/);
  });
});
