import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { clearStaleRefLocks } from "../../src/content/git/stale-locks.js";
import { createTestHub, type TestHub } from "./fixtures.js";

describe("repository lifecycle on disk", () => {
  let hub: TestHub;
  beforeEach(async () => {
    hub = await createTestHub();
  });
  afterEach(() => hub.close());

  it("init is idempotent, move keeps history, remove deletes", async () => {
    const repo = hub.platform.add("space", "alice/app");
    const first = await hub.content.init(repo);
    expect(await hub.content.init(repo)).toBe(first);
    const { commit } = await hub.content.commitFiles(repo, {
      files: [{ path: "app.py", content: "print(1)" }],
      title: "app",
      author: "alice",
    });
    const moved = hub.platform.add("space", "alice/renamed");
    await hub.content.move(repo, moved);
    expect(await hub.content.exists(repo)).toBe(false);
    expect(await hub.content.resolve(moved, "main")).toBe(commit);
    expect((await hub.content.readFile(moved, "main", "app.py"))?.toString()).toBe("print(1)");
    expect(await hub.content.readFile(moved, "main", "missing.py")).toBeUndefined();
    await hub.content.remove(moved);
    expect(await hub.content.exists(moved)).toBe(false);
    expect(await hub.content.resolve(moved, "main")).toBeUndefined();
  });

  it("recovers from a ref lock left by a killed process", async () => {
    const repo = hub.platform.add("model", "alice/locked");
    await hub.content.init(repo);
    const dir = hub.content.repoDir(repo);
    await writeFile(join(dir, "refs", "heads", "main.lock"), "");
    const { commit } = await hub.content.commitFiles(repo, {
      files: [{ path: "a", content: "a" }],
      title: "a",
      author: "alice",
    });
    expect(await hub.content.resolve(repo, "main")).toBe(commit);
    await writeFile(join(dir, "refs", "heads", "main.lock"), "");
    await writeFile(join(dir, "packed-refs.lock"), "");
    expect(await clearStaleRefLocks(dir)).toBe(2);
  });

  it("rejects repo ids that could escape the data folder", () => {
    for (const id of ["../x", "a/../../b", "a/b/c", "a", ".hidden/x"]) {
      expect(() => hub.content.repoDir({ type: "model", id }), id).toThrow();
    }
  });
});
