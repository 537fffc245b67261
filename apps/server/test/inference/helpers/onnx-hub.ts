import { DEMO_ONNX_MODELS } from "../../../src/seed/tiny-onnx/demo-onnx-models.js";
import { onnxDemoCatalogue } from "../../../src/seed/tiny-onnx/seeded-hubs.js";
import { importCatalogue } from "../../../src/seed/import-catalogue.js";
import { startTestHub, type Dialect, type TestHub } from "../../platform/helpers/test-hub.js";

export interface OnnxHub {
  hub: TestHub;
  /** A write token of "alice". */
  alice: string;
  call(
    id: string,
    body: unknown,
    options?: { task?: string; contentType?: string; token?: string; signal?: AbortSignal; accept?: string },
  ): Promise<Response>;
}

/** A hub holding the runnable ONNX demo models (imported through the real commit path). */
export async function startOnnxHub(
  env: Record<string, string> = {},
  dialect: Dialect = "sqlite",
  /** Which demo models to import (the first eight by default). */
  models: readonly string[] = DEMO_ONNX_MODELS.map((model) => model.id),
): Promise<OnnxHub> {
  const hub = await startTestHub({ dialect, env: { MODELHUB_EMBEDDED_INFERENCE: "0", ...env } });
  await importCatalogue(
    { services: hub.services, content: hub.content, logger: hub.logger },
    onnxDemoCatalogue(models),
  );
  const alice = await hub.tokenFor("alice");
  return {
    hub,
    alice,
    call: (id, body, options = {}) =>
      fetch(`${hub.url}/hf-inference/models/${id}${options.task ? `/pipeline/${options.task}` : ""}`, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${options.token ?? alice}`,
          "Content-Type": options.contentType ?? "application/json",
          ...(options.accept ? { Accept: options.accept } : {}),
        },
        signal: options.signal,
        body: body instanceof Uint8Array || typeof body === "string" ? body : JSON.stringify(body),
      }),
  };
}
