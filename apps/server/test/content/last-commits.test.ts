import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lastCommitIds } from "../../src/content/git/last-commits.js";

/** A small repo built with the git CLI; each step commits and returns its sha. */
describe("lastCommitIds (one history walk for a page of tree entries)", () => {
  let work = "";
  let gitDir = "";
  const shas: Record<string, string> = {};
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@e", ...args], {
      cwd: work,
      encoding: "utf8",
    }).trim();
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(work, file)), { recursive: true });
    fs.writeFileSync(path.join(work, file), text);
  };
  const commit = (name: string) => {
    git("add", "-A");
    git("commit", "-q", "-m", name);
    shas[name] = git("rev-parse", "HEAD");
  };
  /** What a per-path `git log -1` says, the reference the batched walk must agree with. */
  const oneByOne = (p: string) => git("--literal-pathspecs", "log", "-1", "--format=%H", "HEAD", "--", p);

  beforeAll(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-last-commits-"));
    gitDir = path.join(work, ".git");
    git("init", "-q");
    write("README.md", "v1");
    write("weights/part-1.bin", "a");
    write("*.bin", "a file whose name is a glob");
    write("dir with space/ünïcode.txt", "u");
    commit("first");
    write("config.json", "{}");
    write("weights/part-2.bin", "b");
    commit("second");
    write("README.md", "v2");
    commit("third");
    write("unrelated.txt", "x");
    commit("fourth");
  });
  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

  it("finds the newest commit of each file and folder, as git log -1 does path by path", async () => {
    const paths = ["README.md", "config.json", "weights", "weights/part-1.bin", "*.bin", "dir with space"];
    const found = await lastCommitIds(gitDir, "HEAD", paths);
    expect(Object.fromEntries(found)).toEqual({
      "README.md": shas.third,
      "config.json": shas.second,
      weights: shas.second,
      "weights/part-1.bin": shas.first,
      "*.bin": shas.first,
      "dir with space": shas.first,
    });
    for (const p of paths) expect(found.get(p), p).toBe(oneByOne(p));
  });

  it("walks from the given commit, not from the branch head", async () => {
    const found = await lastCommitIds(gitDir, shas.second, ["README.md"]);
    expect(found.get("README.md")).toBe(shas.first);
  });

  it("leaves out paths no commit touched, and answers an empty list at once", async () => {
    expect(await lastCommitIds(gitDir, "HEAD", ["no-such-file"])).toEqual(new Map());
    expect(await lastCommitIds(gitDir, "HEAD", [])).toEqual(new Map());
  });

  it("fails with git's message for a commit that does not exist", async () => {
    await expect(lastCommitIds(gitDir, "0".repeat(40), ["README.md"])).rejects.toThrow(/exited with/);
  });
});
