import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, DIALECTS, postJson, startTestHub, type TestHub } from "./helpers/test-hub.js";

/** Pull requests through the Hub's commit API: needs commit-routes.ts to use pushableRepo / contributableRepo. */
describe.each(DIALECTS)("pull requests through the commit API (%s)", (dialect) => {
  let hub: TestHub;
  let olivia: string;
  let bob: string;
  let carl: string;

  const repoApi = (rest = "") => `${hub.url}/api/models/olivia/m${rest}`;
  const commit = (
    token: string,
    revision: string,
    files: Record<string, string>,
    summary: string,
    query = "",
  ) =>
    fetch(repoApi(`/commit/${revision}${query}`), {
      method: "POST",
      headers: { ...bearer(token), "Content-Type": "application/x-ndjson" },
      body: [
        JSON.stringify({ key: "header", value: { summary, description: "" } }),
        ...Object.entries(files).map(([path, text]) =>
          JSON.stringify({
            key: "file",
            value: { path, content: Buffer.from(text).toString("base64"), encoding: "base64" },
          }),
        ),
      ].join("\n"),
    });
  const raw = async (rev: string, file: string) => {
    const res = await fetch(`${hub.url}/olivia/m/resolve/${rev}/${file}`);
    return res.status === 200 ? await res.text() : res.status;
  };

  beforeAll(async () => {
    hub = await startTestHub({ dialect });
    olivia = await hub.tokenFor("olivia");
    bob = await hub.tokenFor("bob");
    carl = await hub.tokenFor("carl");
    const res = await postJson(
      `${hub.url}/api/repos/create`,
      { name: "m", type: "model", files: [{ path: "README.md", content: "# v1\n", encoding: "utf-8" }] },
      olivia,
    );
    expect(res.status).toBe(200);
  });

  afterAll(async () => {
    await hub?.stop();
  });

  it("lets a non-writer push to their PR, the owner merge, and main show the merged file", async () => {
    const created = await postJson(repoApi("/discussions"), { title: "Card", pullRequest: true }, bob);
    const { num } = (await created.json()) as { num: number };
    const ref = `refs%2Fpr%2F${num}`;
    expect((await commit(bob, "main", { "README.md": "# no\n" }, "to main")).status).toBe(403);
    expect((await commit(carl, ref, { "README.md": "# carl\n" }, "not mine")).status).toBe(403);
    const pushed = await commit(bob, ref, { "README.md": "# v2 by bob\n" }, "Card v2");
    expect(pushed.status, await pushed.clone().text()).toBe(200);
    expect(await raw(ref, "README.md")).toBe("# v2 by bob\n");
    expect(await raw("main", "README.md")).toBe("# v1\n");
    expect((await postJson(repoApi(`/discussions/${num}/merge`), {}, bob)).status).toBe(403);
    expect((await postJson(repoApi(`/discussions/${num}/merge`), {}, olivia)).status).toBe(200);
    expect(await raw("main", "README.md")).toBe("# v2 by bob\n");
    expect((await commit(bob, ref, { "late.txt": "x\n" }, "late")).status).toBe(403);
  });

  it("numbers a create_pr commit of a non-writer in the discussions' sequence", async () => {
    await postJson(repoApi("/discussions"), { title: "Question" }, carl);
    const res = await commit(carl, "main", { "x.txt": "x\n" }, "Add x", "?create_pr=1");
    expect(res.status, await res.clone().text()).toBe(200);
    const body = (await res.json()) as { pullRequestUrl: string };
    const list = (await (await fetch(repoApi("/discussions"))).json()) as {
      discussions: { num: number; author: { name: string } }[];
    };
    const newest = list.discussions[0];
    expect(body.pullRequestUrl).toBe(`${hub.url}/olivia/m/discussions/${newest.num}`);
    expect(newest.author.name).toBe("carl");
    expect(await raw(`refs%2Fpr%2F${newest.num}`, "x.txt")).toBe("x\n");
    expect(await raw("main", "x.txt")).toBe(404);
  });
});
