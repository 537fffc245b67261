import { describe, expect, it } from "vitest";
import { parseDiff } from "./parse-diff.js";

const DIFF = [
  "diff --git a/README.md b/README.md",
  "index 1111111..2222222 100644",
  "--- a/README.md",
  "+++ b/README.md",
  "@@ -1,3 +1,3 @@",
  " # Title",
  "-Old line",
  "+New line",
  "+Another line",
  "\\ No newline at end of file",
  "diff --git a/new file.txt b/new file.txt",
  "new file mode 100644",
  "index 0000000..3333333",
  "--- /dev/null",
  "+++ b/new file.txt",
  "@@ -0,0 +1 @@",
  "+hello",
  "diff --git a/old.py b/gone.py",
  "similarity index 100%",
  "rename from old.py",
  "rename to gone.py",
  "diff --git a/weights.bin b/weights.bin",
  "index 4444444..5555555 100644",
  "--- a/weights.bin",
  "+++ b/weights.bin",
  "@@ -1,3 +1,3 @@",
  " version https://git-lfs.github.com/spec/v1",
  "-oid sha256:aaaa",
  "-size 10",
  "+oid sha256:bbbb",
  "+size 20",
  "diff --git a/logo.png b/logo.png",
  "deleted file mode 100644",
  "Binary files a/logo.png and /dev/null differ",
  "",
].join("\n");

describe("parseDiff", () => {
  const { files, cut } = parseDiff(DIFF);

  it("splits a git diff into files with their status and counts", () => {
    expect(cut).toBe(false);
    expect(files.map((f) => [f.path, f.status, f.additions, f.deletions])).toEqual([
      ["README.md", "modified", 2, 1],
      ["new file.txt", "added", 1, 0],
      ["gone.py", "renamed", 0, 0],
      ["weights.bin", "modified", 2, 2],
      ["logo.png", "deleted", 0, 0],
    ]);
    expect(files[2].oldPath).toBe("old.py");
    expect(files[4].binary).toBe(true);
  });

  it("keeps each patch from its first hunk, without the no-newline marker", () => {
    expect(files[0].patch).toBe("@@ -1,3 +1,3 @@\n # Title\n-Old line\n+New line\n+Another line");
    expect(files[2].patch).toBeUndefined();
  });

  it("shows LFS pointer changes as size and oid", () => {
    expect(files[3].lfs).toEqual({ before: { oid: "aaaa", size: 10 }, after: { oid: "bbbb", size: 20 } });
    expect(files[3].patch).toBeUndefined();
  });

  it("notices the hub's size cut and reads an empty diff as no files", () => {
    expect(parseDiff(`${DIFF}\n[diff cut at 1048576 bytes]\n`).cut).toBe(true);
    expect(parseDiff("").files).toEqual([]);
  });
});
