import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ONNX_MODELS, demoOnnxFiles } from "../../src/seed/tiny-onnx/demo-onnx-models.js";
import { importCatalogue } from "../../src/seed/import-catalogue.js";
import { startOnnxHub, type OnnxHub } from "./helpers/onnx-hub.js";

const SENTIMENT = "modelhub-demo/tiny-bert-sentiment-onnx";

/** A user-uploaded text classifier whose model.onnx is garbage. */
async function importBrokenModel(onnx: OnnxHub, id: string): Promise<void> {
  const files = demoOnnxFiles(DEMO_ONNX_MODELS[0]).map((file) =>
    file.path === "onnx/model.onnx" ? { path: file.path, content: new Uint8Array(4096).fill(7) } : file,
  );
  await importCatalogue(
    { services: onnx.hub.services, content: onnx.hub.content, logger: onnx.hub.logger },
    {
      users: [],
      orgs: [],
      repos: [
        {
          type: "model",
          id,
          files: [
            { path: "README.md", content: "---\npipeline_tag: text-classification\n---\n# broken\n" },
            ...files,
          ],
          likes: 0,
          downloads: 0,
        },
      ],
      providerMappings: [],
    },
  );
}

async function listingWorks(onnx: OnnxHub): Promise<void> {
  expect((await fetch(`${onnx.hub.url}/api/models?limit=3`)).status).toBe(200);
}

describe("ONNX backend faults stay inside the worker", () => {
  let onnx: OnnxHub;
  beforeAll(async () => {
    onnx = await startOnnxHub();
  });
  afterAll(async () => {
    await onnx?.hub.stop();
  });

  it("answers 500 for a corrupt model.onnx and keeps serving the others", async () => {
    await importBrokenModel(onnx, "modelhub-demo/broken-onnx");
    const response = await onnx.call("modelhub-demo/broken-onnx", { inputs: "x" });
    expect(response.status).toBe(500);
    expect(((await response.json()) as { error: string }).error).toMatch(/could not be run|worker stopped/);
    await listingWorks(onnx);
    expect((await onnx.call(SENTIMENT, { inputs: "fine" })).status).toBe(200);
  });
});

describe("ONNX worker limits", () => {
  let onnx: OnnxHub;
  beforeAll(async () => {
    onnx = await startOnnxHub({
      MODELHUB_ONNX_TIMEOUT_MS: "200",
      MODELHUB_ONNX_REPOS: "modelhub-demo/tiny-bert-*",
    });
  });
  afterAll(async () => {
    await onnx?.hub.stop();
  });

  it("kills a worker past its time limit (504), answers the next call, and honours the repo policy", async () => {
    const slow = await onnx.call(SENTIMENT, { inputs: "x" });
    expect(slow.status).toBe(504);
    expect(((await slow.json()) as { error: string }).error).toMatch(/longer than 200 ms/);
    await listingWorks(onnx);
    const image = await onnx.call("modelhub-demo/tiny-vit-image-classification-onnx", { inputs: "aGk=" });
    expect(image.status).toBe(404);
    expect(((await image.json()) as { error: string }).error).toMatch(/admin does not let/);
  });
});
