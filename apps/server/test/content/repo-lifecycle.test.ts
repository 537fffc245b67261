import { afterEach, beforeEach, describe, expect, it } from "vitest";
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
    const { commit } = await hub.content.commitFiles(repo, { files: [{ path: "app.py", content: "print(1)" }], title: "app", author: "alice" });
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

  it("rejects repo ids that could escape the data folder", () => {
    for (const id of ["../x", "a/../../b", "a/b/c", "a", ".hidden/x"]) {
      expect(() => hub.content.repoDir({ type: "model", id }), id).toThrow();
    }
  });
});
