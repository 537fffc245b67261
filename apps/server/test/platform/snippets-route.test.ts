import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postJson, startTestHub, type TestHub } from "./helpers/test-hub.js";

interface SnippetSet {
  deployed: boolean;
  provider: string;
  inference: unknown[];
  libraries: { library: string; snippets: string[] }[];
  hubUrl?: string;
}

describe("snippets of a model no provider serves", () => {
  let hub: TestHub;

  beforeAll(async () => {
    hub = await startTestHub();
    const token = await hub.tokenFor("alice");
    const card = "---\nlibrary_name: transformers\npipeline_tag: text-classification\n---\n# Mine\n";
    const files = [
      { path: "README.md", content: card, encoding: "utf-8" },
      {
        path: "config.json",
        content: '{"architectures":["BertForSequenceClassification"],"model_type":"bert"}',
        encoding: "utf-8",
      },
    ];
    expect((await postJson(`${hub.url}/api/repos/create`, { name: "uploaded", files }, token)).status).toBe(
      200,
    );
  });
  afterAll(() => hub?.stop());

  it("says it is not deployed, sends nothing to a router, and points library code at this hub", async () => {
    const res = await fetch(`${hub.url}/api/models/alice/uploaded/snippets`);
    expect(res.status).toBe(200);
    const set = (await res.json()) as SnippetSet;
    expect(set.deployed).toBe(false);
    expect(set.inference).toEqual([]);
    expect(set.hubUrl).toBe(hub.url);
    const code = set.libraries.flatMap((group) => group.snippets).join("\n");
    expect(set.libraries[0]?.library).toBe("transformers");
    expect(code).toContain(`os.environ["HF_ENDPOINT"] = "${hub.url}"`);
    expect(code).not.toContain("router.huggingface.co");
    // the hint is written once, not once by the package and again by the server
    expect(code.split(`os.environ["HF_ENDPOINT"]`).length - 1).toBe(set.libraries[0].snippets.length);
  });
});
