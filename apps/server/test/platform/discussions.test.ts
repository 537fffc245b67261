import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, DIALECTS, postJson, startTestHub, type TestHub } from "./helpers/test-hub.js";

interface EventJson {
  id: string;
  type: string;
  author: { name: string };
  data: Record<string, unknown> & {
    latest?: { raw: string; html: string };
    hidden?: boolean;
    edited?: boolean;
  };
}

describe.each(DIALECTS)("discussions (%s)", (dialect) => {
  let hub: TestHub;
  /** owns olivia/* */
  let olivia: string;
  let oliviaRead: string;
  /** opens discussions, cannot write the repo */
  let bob: string;
  /** another signed-in user */
  let carl: string;

  const api = (repo: string, rest = "", kind = "models") =>
    `${hub.url}/api/${kind}/${repo}/discussions${rest}`;
  const get = async (url: string, token?: string) => {
    const res = await fetch(url, { headers: token ? bearer(token) : {} });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const post = async (url: string, body: unknown, token?: string) => {
    const res = await postJson(url, body, token);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const events = async (repo: string, num: number) =>
    (await get(api(repo, `/${num}`))).body.events as EventJson[];

  beforeAll(async () => {
    hub = await startTestHub({ dialect });
    olivia = await hub.tokenFor("olivia");
    oliviaRead = await hub.tokenFor("olivia", "read");
    bob = await hub.tokenFor("bob");
    carl = await hub.tokenFor("carl");
    for (const [name, extra] of [
      ["card", {}],
      ["secret", { private: true }],
      ["locked", {}],
    ] as const) {
      const res = await postJson(
        `${hub.url}/api/repos/create`,
        {
          name,
          type: "model",
          ...extra,
          files: [{ path: "README.md", content: "# card\n", encoding: "utf-8" }],
        },
        olivia,
      );
      expect(res.status, await res.clone().text()).toBe(200);
    }
    const res = await postJson(
      `${hub.url}/api/models/olivia/locked/settings`,
      { gated: "manual" },
      olivia,
      "PUT",
    );
    expect(res.status).toBe(200);
  });

  afterAll(async () => {
    await hub?.stop();
  });

  it("lists nothing at first, in the Hub's page shape", async () => {
    const { status, body } = await get(api("olivia/card"));
    expect(status).toBe(200);
    expect(body).toMatchObject({ discussions: [], count: 0, start: 0 });
  });

  it("lets any signed-in reader open a discussion and stores its markdown as text", async () => {
    const created = await post(
      api("olivia/card"),
      { title: "  Which license?  ", description: "Is it **MIT**? <script>alert(1)</script>" },
      bob,
    );
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ num: 1, isPullRequest: false });
    expect(created.body.url).toBe(`${hub.url}/olivia/card/discussions/1`);

    const { status, body } = await get(api("olivia/card", "/1"));
    expect(status).toBe(200);
    expect(body).toMatchObject({
      num: 1,
      title: "Which license?",
      status: "open",
      isPullRequest: false,
      author: { name: "bob", isOwner: false },
      repo: { name: "olivia/card", type: "model" },
    });
    expect(body.changes).toBeUndefined();
    const [opening] = body.events as EventJson[];
    expect(opening.type).toBe("comment");
    expect(opening.id).toMatch(/^[0-9a-f]{24}$/);
    expect(opening.data.latest?.raw).toBe("Is it **MIT**? <script>alert(1)</script>");
    expect(opening.data.latest?.html).not.toContain("<script>");
  });

  it("refuses anonymous callers (401) and read tokens (403) on every write", async () => {
    for (const token of [undefined, oliviaRead]) {
      const want = token ? 403 : 401;
      expect((await post(api("olivia/card"), { title: "x" }, token)).status).toBe(want);
      expect((await post(api("olivia/card", "/1/comment"), { comment: "x" }, token)).status).toBe(want);
      expect((await post(api("olivia/card", "/1/title"), { title: "x" }, token)).status).toBe(want);
      expect((await post(api("olivia/card", "/1/status"), { status: "closed" }, token)).status).toBe(want);
      expect((await post(api("olivia/card", "/1/merge"), {}, token)).status).toBe(want);
    }
    expect((await events("olivia/card", 1)).length).toBe(1);
  });

  it("lets readers comment; only a comment's author edits it, keeping the history", async () => {
    const added = await post(api("olivia/card", "/1/comment"), { comment: "Looks like MIT to me" }, carl);
    expect(added.status).toBe(200);
    const comment = added.body.newMessage as EventJson;
    expect(comment).toMatchObject({ type: "comment", author: { name: "carl" } });

    const path = `/1/comment/${comment.id.toUpperCase()}/edit`;
    expect((await post(api("olivia/card", path), { content: "hijacked" }, bob)).status).toBe(403);
    const edited = await post(api("olivia/card", path), { content: "It is MIT." }, carl);
    expect(edited.status).toBe(200);
    expect((edited.body.updatedComment as EventJson).data).toMatchObject({
      edited: true,
      hidden: false,
      latest: { raw: "It is MIT." },
      numEdits: 1,
    });
    expect(
      (await post(api("olivia/card", "/1/comment/0123456789abcdef01234567/edit"), { content: "x" }, carl))
        .status,
    ).toBe(404);
  });

  it("lets only repo writers hide a comment; its text is gone for good", async () => {
    const comment = (await events("olivia/card", 1))[1];
    expect((await post(api("olivia/card", `/1/comment/${comment.id}/hide`), {}, bob)).status).toBe(403);
    expect((await post(api("olivia/card", `/1/comment/${comment.id}/hide`), {}, carl)).status).toBe(403);
    const hidden = await post(api("olivia/card", `/1/comment/${comment.id}/hide`), {}, olivia);
    expect(hidden.status).toBe(200);
    expect((hidden.body.updatedComment as EventJson).data).toMatchObject({
      hidden: true,
      latest: { raw: "" },
      history: [],
    });
    expect(
      (await post(api("olivia/card", `/1/comment/${comment.id}/edit`), { content: "back" }, carl)).status,
    ).toBe(403);
    expect(JSON.stringify(await events("olivia/card", 1))).not.toContain("It is MIT.");
  });

  it("lets the author and writers rename, close and reopen; others get 403", async () => {
    expect((await post(api("olivia/card", "/1/title"), { title: "Mine now" }, carl)).status).toBe(403);
    const renamed = await post(api("olivia/card", "/1/title"), { title: "License question" }, bob);
    expect(renamed.status).toBe(200);
    expect(renamed.body.newTitle).toMatchObject({
      type: "title-change",
      data: { from: "Which license?", to: "License question" },
    });

    expect((await post(api("olivia/card", "/1/status"), { status: "closed" }, carl)).status).toBe(403);
    const closed = await post(
      api("olivia/card", "/1/status"),
      { status: "closed", comment: "Answered" },
      bob,
    );
    expect(closed.status).toBe(200);
    expect(closed.body.newStatus).toMatchObject({ type: "status-change", data: { status: "closed" } });
    expect((await post(api("olivia/card", "/1/status"), { status: "closed" }, bob)).status).toBe(400);
    const reopened = await post(api("olivia/card", "/1/status"), { status: "open" }, olivia);
    expect(reopened.status).toBe(200);

    const types = (await events("olivia/card", 1)).map((e) => e.type);
    expect(types).toEqual([
      "comment",
      "comment",
      "title-change",
      "comment",
      "status-change",
      "status-change",
    ]);
    const { body } = await get(api("olivia/card", "/1"));
    expect(body).toMatchObject({ title: "License question", status: "open" });
  });

  it("filters by type, status and author, and pages by 50", async () => {
    const pr = await post(api("olivia/card"), { title: "Fix typo", pullRequest: true }, carl);
    expect(pr.status).toBe(200);
    expect(pr.body).toMatchObject({ num: 2, isPullRequest: true, ref: "refs/pr/2" });
    const nums = async (query: string) =>
      ((await get(api("olivia/card", query))).body.discussions as { num: number }[]).map((d) => d.num);
    expect(await nums("?type=pull_request")).toEqual([2]);
    expect(await nums("?type=discussion")).toEqual([1]);
    expect(await nums("?author=carl")).toEqual([2]);
    expect(await nums("?status=closed")).toEqual([]);
    expect(await nums("?status=open&type=all")).toEqual([2, 1]);
    expect((await post(api("olivia/card", "/2/status"), { status: "closed" }, carl)).status).toBe(200);
    expect(await nums("?status=closed")).toEqual([2]);

    for (let i = 0; i < 49; i++)
      expect((await post(api("olivia/card"), { title: `Bulk ${i}` }, bob)).status).toBe(200);
    const first = await get(api("olivia/card"));
    expect(first.body).toMatchObject({ count: 51, start: 0 });
    expect((first.body.discussions as unknown[]).length).toBe(50);
    const second = await get(api("olivia/card", "?p=1"));
    expect(second.body).toMatchObject({ count: 51, start: 50 });
    expect((second.body.discussions as { num: number }[]).map((d) => d.num)).toEqual([1]);
  });

  it("keeps private repos invisible and gated repos closed to those without access", async () => {
    for (const token of [bob, undefined]) {
      expect((await get(api("olivia/secret"), token)).status).toBe(token ? 404 : 401);
      expect((await get(api("olivia/secret", "/1"), token)).status).toBe(token ? 404 : 401);
    }
    expect((await post(api("olivia/secret"), { title: "hello" }, bob)).status).toBe(404);
    expect((await post(api("olivia/secret"), { title: "own repo" }, olivia)).status).toBe(200);
    expect((await get(api("olivia/secret"), olivia)).body).toMatchObject({ count: 1 });

    const gated = await post(api("olivia/locked"), { title: "let me in" }, bob);
    expect(gated.status).toBe(403);
    expect(String(gated.body.error)).toContain("restricted");
    expect((await post(api("olivia/locked"), { title: "owner note" }, olivia)).status).toBe(200);
    expect((await post(api("olivia/locked", "/1/comment"), { comment: "hi" }, bob)).status).toBe(403);
    const granted = await postJson(
      `${hub.url}/api/models/olivia/locked/user-access-request/grant`,
      { user: "bob" },
      olivia,
    );
    expect(granted.status).toBe(200);
    expect((await post(api("olivia/locked", "/1/comment"), { comment: "thanks" }, bob)).status).toBe(200);
  });

  it("answers bad input with a 4xx JSON error and stores nothing", async () => {
    const before = (await events("olivia/card", 1)).length;
    const cases: [string, unknown, number][] = [
      ["", { title: "   " }, 400],
      ["", { title: "x".repeat(201) }, 400],
      ["", { title: 5 }, 400],
      ["/1/comment", { comment: "" }, 400],
      ["/1/comment", {}, 400],
      ["/1/status", { status: "merged" }, 400],
      ["/1/title", { title: "" }, 400],
      ["/abc/comment", { comment: "x" }, 400],
      ["/0/comment", { comment: "x" }, 400],
      ["/999/comment", { comment: "x" }, 404],
      ["/1/merge", {}, 403],
    ];
    for (const [path, body, want] of cases) {
      const res = await post(api("olivia/card", path), body, bob);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(want);
      expect(typeof res.body.error).toBe("string");
    }
    const notJson = await fetch(api("olivia/card", "/1/comment"), {
      method: "POST",
      headers: { ...bearer(bob), "Content-Type": "application/json" },
      body: "{nope",
    });
    expect(notJson.status).toBe(400);
    expect((await post(api("olivia/card", "/1/merge"), {}, olivia)).status).toBe(400);
    expect((await get(api("olivia/card", "?type=issues"))).status).toBe(400);
    expect((await get(api("olivia/card", "?p=-1"))).status).toBe(400);
    expect((await get(api("olivia/card", "/999"))).status).toBe(404);
    expect((await get(api("olivia/nope"))).status).toBe(401);
    expect((await events("olivia/card", 1)).length).toBe(before);
  });

  it("serves datasets and spaces on the same routes", async () => {
    for (const type of ["dataset", "space"] as const) {
      const res = await postJson(
        `${hub.url}/api/repos/create`,
        { name: `community-${type}`, type, ...(type === "space" ? { sdk: "static" } : {}) },
        olivia,
      );
      expect(res.status, await res.clone().text()).toBe(200);
      const created = await post(api(`olivia/community-${type}`, "", `${type}s`), { title: "Hello" }, bob);
      expect(created.status).toBe(200);
      expect(created.body.url).toBe(`${hub.url}/${type}s/olivia/community-${type}/discussions/1`);
      const { body } = await get(api(`olivia/community-${type}`, "/1", `${type}s`));
      expect(body).toMatchObject({ repo: { name: `olivia/community-${type}`, type } });
    }
  });
});
