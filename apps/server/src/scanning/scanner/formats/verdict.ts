/** The outcome of checking that a file is a well-formed instance of its format. */
export interface FormatVerdict {
  format: "safetensors" | "gguf" | "onnx" | "npy";
  /** `unsafe`: the file tries to reach outside (an ONNX path escaping the repo); `suspicious`: malformed. */
  status: "safe" | "caution" | "suspicious" | "unsafe";
  message: string;
}
