import fs from "node:fs";
import path from "node:path";
import { env, pipeline, RawImage } from "@huggingface/transformers";
import { VISION_DEMOS } from "../src/seed/tiny-onnx/families/vision.js";
import { tinyPng } from "../test/inference/helpers/tiny-png.js";

const root = "/tmp/vproto/models";
for (const model of VISION_DEMOS) {
  for (const file of model.files()) {
    const target = path.join(root, model.id, file.path);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, file.content);
  }
}
Object.assign(env, { allowRemoteModels: false, allowLocalModels: true, localModelPath: `${root}/` });
const image = await RawImage.fromBlob(new Blob([tinyPng(48, 40)]));
const only = process.argv[2];
for (const model of VISION_DEMOS) {
  if (only && !model.id.includes(only)) continue;
  const t0 = Date.now();
  try {
    const pipe = await (pipeline as any)(model.task, model.id, { device: "cpu", dtype: "fp32" });
    let out: any;
    switch (model.task) {
      case "zero-shot-image-classification": out = await pipe(image, ["cat", "dog", "a big llama"]); break;
      case "zero-shot-object-detection": out = await pipe(image, ["cat", "dog"], {threshold: 0.1}); break;
      case "document-question-answering": out = await pipe(image, "What is the total?"); break;
      case "object-detection": out = await pipe(image, { threshold: 0.5 }); break;
      default: out = await pipe(image);
    }
    const show = (o: any): any => o instanceof RawImage ? `RawImage ${o.width}x${o.height}x${o.channels}` : o?.dims ? `Tensor ${o.dims}` : Array.isArray(o) ? o.map(show) : o && typeof o === "object" ? Object.fromEntries(Object.entries(o).map(([k, v]) => [k, show(v)])) : o;
    console.log(model.id, Date.now() - t0, "ms", JSON.stringify(show(out)).slice(0, 600));
  } catch (err) {
    console.log(model.id, "FAILED", (err as Error).stack?.slice(0, 800));
  }
}
