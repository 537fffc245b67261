import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, postJson, startTestHub, type TestHub } from "./helpers/test-hub.js";

// Owners whose names begin with a collection word ("datasets-…", "spaces-…") once confused the
// router: /api/spaces/datasets-x/… was routed as a dataset and answered 404.
describe.each(DIALECTS)("owner names that start with a collection word (%s)", (dialect) => {
  let hub: TestHub;

  beforeAll(async () => {
    hub = await startTestHub({ dialect });
  });
  afterAll(() => hub?.stop());

  it.each([
    ["datasets-lab", "space", "spaces"],
    ["spaces-lab", "dataset", "datasets"],
    ["models-lab", "space", "spaces"],
    ["datasets-lab", "model", "models"],
  ])("%s can own a %s that reads back through /api/%s", async (owner, type, collection) => {
    const token = await hub.tokenFor(owner);
    const created = await postJson(
      `${hub.url}/api/repos/create`,
      { name: `r-${type}`, type, sdk: "static" },
      token,
    );
    expect(created.status).toBe(200);
    const res = await fetch(`${hub.url}/api/${collection}/${owner}/r-${type}`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { id: string }).id).toBe(`${owner}/r-${type}`);
  });
});
