/**
 * The files of a transformers.js-layout repo the worker needs: every JSON file at the root (configs,
 * tokenizer, preprocessor) plus the fp32 ONNX graphs the family loads and their external data, or why
 * the repo cannot be served (a missing graph or config, named).
 */
export function transformersJsFiles(
  paths: readonly string[],
  graphs: readonly string[],
  requiredJson: readonly string[],
): string[] | string {
  const has = (path: string) => paths.includes(path);
  const missing = ["config.json", ...requiredJson, ...graphs].filter((path) => !has(path));
  if (missing.length > 0)
    return `it does not have the transformers.js layout this task needs (missing ${missing.join(", ")})`;
  return paths.filter(
    (path) =>
      (!path.includes("/") && path.endsWith(".json")) ||
      graphs.includes(path) ||
      graphs.some((graph) => path === `${graph}_data`),
  );
}

/** The graphs of an encoder-decoder export (Optimum's names, which transformers.js loads). */
export const ENCODER_DECODER_GRAPHS = ["onnx/encoder_model.onnx", "onnx/decoder_model_merged.onnx"] as const;
