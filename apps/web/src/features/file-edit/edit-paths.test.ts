import { describe, expect, it } from "vitest";
import { branchOf, editPaths, parentFolder, pathProblem } from "./edit-paths.js";

describe("edit paths", () => {
  it("builds the editor URLs under each repo prefix, encoding path segments", () => {
    expect(editPaths.newFile("model", "a/b", "main")).toBe("/a/b/new/main");
    expect(editPaths.newFile("dataset", "a/b", "main", "data files", true)).toBe(
      "/datasets/a/b/new/main/data%20files?card=1",
    );
    expect(editPaths.editFile("space", "a/b", "refs/pr/1", "src/app #1.py")).toBe(
      "/spaces/a/b/edit/refs%2Fpr%2F1/src/app%20%231.py",
    );
    expect(editPaths.discussion("model", "a/b", 3)).toBe("/a/b/discussions/3");
  });

  it("finds the parent folder and the branch a commit goes to", () => {
    expect(parentFolder("a/b/c.txt")).toBe("a/b");
    expect(parentFolder("c.txt")).toBe("");
    expect(branchOf("dev")).toBe("dev");
    expect(branchOf("0123456789abcdef0123456789abcdef01234567")).toBe("main");
  });

  it("refuses empty, absolute, dotted and .git paths before the hub does", () => {
    expect(pathProblem("docs/notes.md")).toBeUndefined();
    expect(pathProblem(".gitattributes")).toBeUndefined();
    for (const bad of ["", "/etc/passwd", "a/../b", "./a", "a/", "a//b", "..", ".git/config", ".git\\config"])
      expect(pathProblem(bad), bad).toBeDefined();
    for (const bad of ["..\\x", "a\\..\\..\\x", "a/b\\..", "\\x", "C:\\x"])
      expect(pathProblem(bad), bad).toBeDefined();
    for (const fine of ["a\\b.txt", "docs/x\\y.md", "..x\\y..", "a:b.txt"])
      expect(pathProblem(fine), fine).toBeUndefined();
  });
});
