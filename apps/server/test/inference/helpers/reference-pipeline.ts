import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { env, pipeline } from "@huggingface/transformers";

/** A transformers.js pipeline as a test calls it (the package's own API, loosely typed). */
export type ReferencePipe = ((...args: unknown[]) => Promise<unknown>) & {
  tokenizer: {
    decode(ids: bigint[] | number[], options?: { skip_special_tokens?: boolean }): string;
    (
      text: string | string[],
      options?: Record<string, unknown>,
    ): { input_ids: unknown; attention_mask: unknown };
  };
  model: { generate(options: Record<string, unknown>): Promise<{ tolist(): bigint[][] }> };
  processor?: unknown;
  dispose(): Promise<void>;
};

const root = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-reference-"));
process.on("exit", () => fs.rmSync(root, { recursive: true, force: true }));

/** Downloads every file of a public model from the hub's resolve route into the reference folder. */
async function download(hubUrl: string, id: string): Promise<void> {
  const info = (await (await fetch(`${hubUrl}/api/models/${id}`)).json()) as {
    siblings: { rfilename: string }[];
  };
  for (const { rfilename } of info.siblings) {
    const response = await fetch(`${hubUrl}/${id}/resolve/main/${rfilename}`);
    if (!response.ok) throw new Error(`${id}/${rfilename}: ${response.status}`);
    const target = path.join(root, id, rfilename);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, new Uint8Array(await response.arrayBuffer()));
  }
}

/**
 * transformers.js's own pipeline for a model of the hub, on the files downloaded from the hub itself
 * (the ones the hub's worker runs): the reference the hub's answers are compared with, in the same run.
 */
export async function referencePipeline(hubUrl: string, task: string, id: string): Promise<ReferencePipe> {
  if (!fs.existsSync(path.join(root, id))) await download(hubUrl, id);
  Object.assign(env, { allowRemoteModels: false, allowLocalModels: true, localModelPath: `${root}/` });
  const load = pipeline as unknown as (task: string, id: string, options: object) => Promise<ReferencePipe>;
  return load(task, id, { device: "cpu", dtype: "fp32" });
}
