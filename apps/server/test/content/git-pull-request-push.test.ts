import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, postJson, startTestHub, type TestHub } from "../platform/helpers/test-hub.js";
import { gitCli, hasGitLfs, makeGitHome } from "./git-cli.js";

const lfs = hasGitLfs();

describe.each(DIALECTS)("git push to a pull request by a non-writer (%s)", (dialect) => {
  let hub: TestHub;
  let alice = "";
  let bob = "";
  let carl = "";
  let bobHome = "";
  const api = (suffix: string) => `${hub.url}/api/models/alice/card-fixes${suffix}`;
  const remote = (user: string, token: string) =>
    `${hub.url.replace("http://", `http://${user}:${token}@`)}/alice/card-fixes`;
  const git = (args: string[], cwd = bobHome) => gitCli(args, cwd, bobHome);

  beforeAll(async () => {
    hub = await startTestHub({ dialect });
    alice = await hub.tokenFor("alice");
    bob = await hub.tokenFor("bob");
    carl = await hub.tokenFor("carl");
    bobHome = await makeGitHome("pr-push-", "Bob", "bob@example.com");
    const files = [{ path: "README.md", content: "# Card\n\nTypo: teh model.\n", encoding: "utf-8" }];
    expect((await postJson(`${hub.url}/api/repos/create`, { name: "card-fixes", files }, alice)).status).toBe(
      200,
    );
  });
  afterAll(async () => {
    await hub?.stop();
    if (bobHome) fs.rmSync(bobHome, { recursive: true, force: true });
  });

  it("bob opens a PR, pushes to refs/pr/1 with git (LFS file included), alice merges, a clone has it", async () => {
    const opened = await postJson(api("/discussions"), { title: "Fix the typo", pullRequest: true }, bob);
    expect(opened.status).toBe(200);
    expect(await opened.json()).toMatchObject({ num: 1 });

    const work = path.join(bobHome, "work");
    const cloned = await git(["clone", "--quiet", remote("bob", bob), work]);
    expect(cloned.code, cloned.stderr).toBe(0);
    expect((await git(["fetch", "--quiet", "origin", "refs/pr/1:pr-1"], work)).code).toBe(0);
    expect((await git(["checkout", "--quiet", "pr-1"], work)).code).toBe(0);
    fs.writeFileSync(path.join(work, "README.md"), "# Card\n\nTypo: the model.\n");
    if (lfs) fs.writeFileSync(path.join(work, "weights.safetensors"), Buffer.alloc(2048, 7));
    expect((await git(["add", "-A"], work)).code).toBe(0);
    expect((await git(["commit", "--quiet", "-m", "Fix typo"], work)).code).toBe(0);

    // main and someone else's ref are refused with a reason, and nothing moves
    const toMain = await git(["push", "origin", "HEAD:main"], work);
    expect(toMain.code).not.toBe(0);
    expect(toMain.stderr).toMatch(/refs\/heads\/main: you cannot write to this repo/);
    const newRef = await git(["push", "origin", "HEAD:refs/pr/9"], work);
    expect(newRef.code).not.toBe(0);
    expect(newRef.stderr).toMatch(/refs\/pr\/9/);

    const pushed = await git(["push", "origin", "HEAD:refs/pr/1"], work);
    expect(pushed.code, pushed.stderr).toBe(0);
    const readme = await fetch(`${hub.url}/alice/card-fixes/resolve/refs%2Fpr%2F1/README.md`);
    expect(await readme.text()).toBe("# Card\n\nTypo: the model.\n");
    const main = await fetch(`${hub.url}/alice/card-fixes/resolve/main/README.md`);
    expect(await main.text()).toContain("teh");

    // deleting the PR ref by push is refused too; carl (not the author) cannot push to it
    const deleted = await git(["push", "origin", ":refs/pr/1"], work);
    expect(deleted.code).not.toBe(0);
    const carlHome = await makeGitHome("pr-push-carl-", "Carl", "carl@example.com");
    try {
      expect((await git(["commit", "--quiet", "--allow-empty", "-m", "carl's change"], work)).code).toBe(0);
      const carlPush = await gitCli(["push", remote("carl", carl), "HEAD:refs/pr/1"], work, carlHome);
      expect(carlPush.code).not.toBe(0);
      expect(carlPush.stderr).toMatch(/refs\/pr\/1:/);
    } finally {
      fs.rmSync(carlHome, { recursive: true, force: true });
    }

    const details = (await (await fetch(api("/discussions/1"))).json()) as { events: { type: string }[] };
    expect(details.events.map((e) => e.type)).toContain("commit");
    const merged = await postJson(api("/discussions/1/merge"), { comment: "Thanks!" }, alice);
    expect(merged.status, await merged.clone().text()).toBe(200);

    const fresh = path.join(bobHome, "fresh");
    const again = await git(["clone", "--quiet", remote("bob", bob), fresh]);
    expect(again.code, again.stderr).toBe(0);
    expect(fs.readFileSync(path.join(fresh, "README.md"), "utf8")).toBe("# Card\n\nTypo: the model.\n");
    if (lfs) expect(fs.readFileSync(path.join(fresh, "weights.safetensors"))).toEqual(Buffer.alloc(2048, 7));
  });
});
