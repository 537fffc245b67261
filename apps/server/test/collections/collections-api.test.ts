import type { Collection } from "@modelhub/api-types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, DIALECTS, postJson, startTestHub, type TestHub } from "../platform/helpers/test-hub.js";

describe.each(DIALECTS)("collections API (%s)", (dialect) => {
  let hub: TestHub;
  let ana: string;
  let anaRead: string;
  let ben: string;
  let cal: string;

  const api = (path: string) => `${hub.url}/api/collections${path}`;
  const create = async (body: Record<string, unknown>, token = ana) => {
    const res = await postJson(api(""), body, token);
    expect(res.status).toBe(200);
    return (await res.json()) as Collection;
  };
  const get = async (slug: string, token?: string) =>
    fetch(api(`/${slug}`), { headers: token ? bearer(token) : {} });
  const addItem = (slug: string, id: string, type: string, note?: string, token = ana) =>
    postJson(api(`/${slug}/items`), { item: { id, type }, ...(note ? { note } : {}) }, token);

  beforeAll(async () => {
    hub = await startTestHub({ dialect });
    ana = await hub.tokenFor("ana");
    anaRead = await hub.tokenFor("ana", "read");
    ben = await hub.tokenFor("ben");
    cal = await hub.tokenFor("cal");
    await postJson(`${hub.url}/api/organizations/new`, { name: "lab" }, ana);
    await postJson(`${hub.url}/api/organizations/lab/members`, { user: "ben", role: "write" }, ana);
    await postJson(`${hub.url}/api/repos/create`, { name: "bert", type: "model" }, ana);
    await postJson(`${hub.url}/api/repos/create`, { name: "squad", type: "dataset" }, ana);
    await postJson(`${hub.url}/api/repos/create`, { name: "secret", type: "model", private: true }, ben);
  });
  afterAll(() => hub?.stop());

  it("creates a collection with a slug owner/title-slug-<id>, and the title keeps the id when it changes", async () => {
    const created = await create({ title: "My cool stuff 1", description: "Cool things" });
    expect(created).toMatchObject({
      title: "My cool stuff 1",
      description: "Cool things",
      owner: { name: "ana", type: "user" },
      items: [],
      private: false,
      upvotes: 0,
    });
    expect(created.slug).toMatch(/^ana\/my-cool-stuff-1-[0-9a-f]{24}$/);
    const id = created.slug.split("-").pop();

    const patched = await postJson(
      api(`/${created.slug}`),
      { title: "Renamed!", theme: "pink" },
      ana,
      "PATCH",
    );
    expect(patched.status).toBe(200);
    const { data } = (await patched.json()) as { data: Collection };
    expect(data.slug).toBe(`ana/renamed-${id}`);
    expect(data.theme).toBe("pink");
    // the old slug still finds it
    expect(((await (await get(created.slug)).json()) as Collection).slug).toBe(data.slug);

    // same title twice in one namespace: 409 naming the existing slug (what exists_ok reads)
    const again = await postJson(api(""), { title: "renamed!" }, ana);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ slug: data.slug });
  });

  it("refuses bad input with a 400 and checks who writes (401 anonymous, 403 read token or outsider)", async () => {
    expect((await postJson(api(""), { title: "" }, ana)).status).toBe(400);
    expect((await postJson(api(""), { title: "x".repeat(101) }, ana)).status).toBe(400);
    expect((await postJson(api(""), { title: "ok", description: "d".repeat(151) }, ana)).status).toBe(400);
    expect((await postJson(api(""), { title: "anon" })).status).toBe(401);
    expect((await postJson(api(""), { title: "read" }, anaRead)).status).toBe(403);
    expect((await postJson(api(""), { title: "elsewhere", namespace: "lab" }, cal)).status).toBe(403);
    expect((await postJson(api(""), { title: "nowhere", namespace: "nobody-here" }, ana)).status).toBe(404);

    const mine = await create({ title: "Guarded" });
    expect((await postJson(api(`/${mine.slug}`), { theme: "plaid" }, ana, "PATCH")).status).toBe(400);
    expect((await postJson(api(`/${mine.slug}`), { title: "x" }, cal, "PATCH")).status).toBe(403);
    expect((await postJson(api(`/${mine.slug}`), { title: "x" }, anaRead, "PATCH")).status).toBe(403);
    expect((await fetch(api(`/${mine.slug}`), { method: "DELETE" })).status).toBe(401);
    const body = await (await get("ana/not-a-slug")).json();
    expect(body).toHaveProperty("error");
    expect((await get("ana/whatever-0123456789abcdef01234567")).status).toBe(404);
    // the owner part of the slug must match
    expect((await get(mine.slug.replace("ana/", "ben/"))).status).toBe(404);
  });

  it("lets org members with write access create and edit the org's collections", async () => {
    const shared = await create({ title: "Lab picks", namespace: "LAB" }, ben);
    expect(shared.owner).toMatchObject({ name: "lab", type: "org" });
    expect(shared.canWrite).toBe(true);
    expect((await addItem(shared.slug, "ana/bert", "model", undefined, ben)).status).toBe(200);
    expect((await addItem(shared.slug, "ana/squad", "dataset", undefined, cal)).status).toBe(403);
  });

  it("keeps private collections to their namespace (404 to others) until made public", async () => {
    const hidden = await create({ title: "Hidden", private: true });
    expect((await get(hidden.slug, ana)).status).toBe(200);
    expect((await get(hidden.slug, cal)).status).toBe(404);
    expect((await get(hidden.slug)).status).toBe(404);
    const listed = (await (await fetch(api("?owner=ana"), { headers: bearer(cal) })).json()) as Collection[];
    expect(listed.map((c) => c.slug)).not.toContain(hidden.slug);
    const own = (await (await fetch(api("?owner=ana"), { headers: bearer(ana) })).json()) as Collection[];
    expect(own.map((c) => c.slug)).toContain(hidden.slug);

    expect((await postJson(api(`/${hidden.slug}`), { private: false }, ana, "PATCH")).status).toBe(200);
    expect((await get(hidden.slug, cal)).status).toBe(200);
  });

  it("adds, notes, reorders and removes items like huggingface_hub expects", async () => {
    const nested = await create({ title: "Nested" });
    const coll = await create({ title: "Items" });
    const first = await addItem(coll.slug, "ana/bert", "model", "This is my model\n<b>bold</b>");
    expect(first.status).toBe(200);
    expect(((await first.json()) as Collection).items).toHaveLength(1);
    expect((await addItem(coll.slug, "ana/squad", "dataset")).status).toBe(200);
    expect((await addItem(coll.slug, nested.slug, "collection")).status).toBe(200);
    // already there: 409; missing or wrong type or invisible: 404; papers: 404
    expect((await addItem(coll.slug, "ANA/BERT", "model")).status).toBe(409);
    expect((await addItem(coll.slug, "ana/bert", "dataset")).status).toBe(404);
    expect((await addItem(coll.slug, "ben/secret", "model")).status).toBe(404);
    expect((await addItem(coll.slug, "2311.12983", "paper")).status).toBe(404);
    expect((await addItem(coll.slug, "ana/bert", "widget")).status).toBe(400);

    let full = (await (await get(coll.slug)).json()) as Collection;
    expect(full.items.map((item) => [item.id, item.type, item.position])).toEqual([
      ["ana/bert", "model", 0],
      ["ana/squad", "dataset", 1],
      [nested.slug.split("-").pop(), "collection", 2],
    ]);
    expect(full.items[2]).toMatchObject({ slug: nested.slug, title: "Nested" });
    expect(full.items[0].note).toEqual({
      text: "This is my model\n<b>bold</b>",
      html: "This is my model<br>&lt;b&gt;bold&lt;/b&gt;",
    });
    expect(full.items[1].note).toBeUndefined();

    const modelItem = full.items[0]._id;
    const moved = await postJson(
      api(`/${coll.slug}/items/${modelItem}`),
      { note: "New note", position: 1 },
      ana,
      "PATCH",
    );
    expect(moved.status).toBe(200);
    full = (await (await get(coll.slug)).json()) as Collection;
    expect(full.items.map((item) => item.id)).toEqual(["ana/squad", "ana/bert", expect.any(String)]);
    expect(full.items[1].note?.text).toBe("New note");

    const del = () =>
      fetch(api(`/${coll.slug}/items/${modelItem}`), { method: "DELETE", headers: bearer(ana) });
    expect((await del()).status).toBe(200);
    expect((await del()).status).toBe(404);
    full = (await (await get(coll.slug)).json()) as Collection;
    expect(full.items.map((item) => item.position)).toEqual([0, 1]);

    // deleting the nested collection removes it from its holders
    expect((await fetch(api(`/${nested.slug}`), { method: "DELETE", headers: bearer(ana) })).status).toBe(
      200,
    );
    expect((await fetch(api(`/${nested.slug}`), { method: "DELETE", headers: bearer(ana) })).status).toBe(
      404,
    );
    full = (await (await get(coll.slug)).json()) as Collection;
    expect(full.items.map((item) => item.id)).toEqual(["ana/squad"]);
  });

  it("hides private repos inside a public collection from viewers who cannot read them", async () => {
    const coll = await create({ title: "Mixed" }, ben);
    expect((await addItem(coll.slug, "ben/secret", "model", undefined, ben)).status).toBe(200);
    expect((await addItem(coll.slug, "ana/bert", "model", undefined, ben)).status).toBe(200);
    const seen = (await (await get(coll.slug, cal)).json()) as Collection;
    expect(seen.items.map((item) => item.id)).toEqual(["ana/bert"]);
  });

  it("numbers what each viewer sees without gaps, and moves items by those numbers", async () => {
    await postJson(`${hub.url}/api/repos/create`, { name: "hidden", type: "model", private: true }, ana);
    const coll = await create({ title: "Numbered", namespace: "lab" }, ana);
    for (const [id, type] of [
      ["ana/hidden", "model"],
      ["ana/bert", "model"],
      ["ana/squad", "dataset"],
    ])
      expect((await addItem(coll.slug, id, type)).status).toBe(200);
    const seenBy = async (token: string | undefined) =>
      ((await (await get(coll.slug, token)).json()) as Collection).items.map((item) => [
        item.id,
        item.position,
      ]);
    const expected = [
      ["ana/bert", 0],
      ["ana/squad", 1],
    ];
    // a stranger and an org writer who cannot read ana's private repo see no hole where it is
    expect(await seenBy(undefined)).toEqual(expected);
    expect(await seenBy(cal)).toEqual(expected);
    expect(await seenBy(ben)).toEqual(expected);
    const listed = (await (await fetch(api("?owner=lab"), { headers: bearer(cal) })).json()) as Collection[];
    expect(listed.find((c) => c.slug === coll.slug)?.items.map((item) => item.position)).toEqual([0, 1]);
    expect(listed.find((c) => c.slug === coll.slug)?.numItems).toBe(2);
    expect(await seenBy(ana)).toEqual([
      ["ana/hidden", 0],
      ...expected.map(([id, at]) => [id, Number(at) + 1]),
    ]);

    // ben moves bert to position 1 as he numbers it: after squad
    const full = (await (await get(coll.slug, ben)).json()) as Collection;
    const bert = full.items.find((item) => item.id === "ana/bert")!;
    const moved = await postJson(api(`/${coll.slug}/items/${bert._id}`), { position: 1 }, ben, "PATCH");
    expect(moved.status).toBe(200);
    expect(await seenBy(ben)).toEqual([
      ["ana/squad", 0],
      ["ana/bert", 1],
    ]);
    expect((await seenBy(ana)).map(([id]) => id)).toEqual(["ana/hidden", "ana/squad", "ana/bert"]);
  });

  it("lists by owner and item, sorts, shows at most 4 items, and pages with a Link header", async () => {
    const many = await create({ title: "Many" }, cal);
    await postJson(`${hub.url}/api/repos/create`, { name: "m1" }, cal);
    for (const name of ["m2", "m3", "m4", "m5"]) await postJson(`${hub.url}/api/repos/create`, { name }, cal);
    for (const name of ["m1", "m2", "m3", "m4", "m5"])
      expect((await addItem(many.slug, `cal/${name}`, "model", undefined, cal)).status).toBe(200);
    await create({ title: "Other" }, cal);

    const byOwner = (await (await fetch(api("?owner=cal&sort=lastModified"))).json()) as Collection[];
    expect(byOwner.map((c) => c.title)).toEqual(["Other", "Many"]);
    const listedMany = byOwner.find((c) => c.title === "Many");
    expect(listedMany?.items).toHaveLength(4);
    expect(listedMany?.numItems).toBe(5);

    const byItem = (await (await fetch(api("?item=models/cal/m3"))).json()) as Collection[];
    expect(byItem.map((c) => c.slug)).toEqual([many.slug]);
    const withBert = (await (
      await fetch(api("?item=models/ana/bert&item=datasets/ana/squad"))
    ).json()) as Collection[];
    expect(withBert.length).toBeGreaterThanOrEqual(2);
    expect(await (await fetch(api("?item=models/nobody/none"))).json()).toEqual([]);

    const page = await fetch(api("?owner=cal&limit=1"));
    expect(await page.json()).toHaveLength(1);
    const next = /<([^>]+)>; rel="next"/.exec(page.headers.get("link") ?? "")?.[1];
    expect(next).toBeDefined();
    const second = await fetch(next ?? "");
    expect(await second.json()).toHaveLength(1);
    expect(second.headers.get("link")).toBeNull();

    const bad = await fetch(api("?sort=random"));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: '"sort" must be one of [lastModified, trending, upvotes]' });
    expect((await fetch(api("?limit=-3"))).status).toBe(400);
  });
});
