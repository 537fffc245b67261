import type * as nodeLlamaCpp from "node-llama-cpp";
import type { Llama } from "node-llama-cpp";

/** The node-llama-cpp module, loaded on demand (its native binding may be missing on this machine). */
export type NodeLlamaCpp = typeof nodeLlamaCpp;

export interface LlamaBinding {
  lib: NodeLlamaCpp;
  llama: Llama;
}

/** Loads llama.cpp; tests inject one that fails to check the "unavailable" path. */
export type LlamaBindingLoader = () => Promise<LlamaBinding>;

/**
 * node-llama-cpp's prebuilt CPU binary, never a source build (no compiler, no downloads at run time).
 * Imported lazily so a hub whose machine cannot load the binding still starts.
 */
export const loadLlamaBinding: LlamaBindingLoader = () => {
  // One native library per process: every hub started in it (tests start several) shares it.
  shared ??= (async () => {
    const lib = await import("node-llama-cpp");
    const llama = await lib.getLlama({
      gpu: false,
      build: "never",
      progressLogs: false,
      logLevel: lib.LlamaLogLevel.error,
      logger: () => undefined,
    });
    return { lib, llama };
  })();
  return shared;
};

let shared: Promise<LlamaBinding> | undefined;

/** One short line saying why llama.cpp could not be loaded. */
export function bindingFailureReason(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.split("\n")[0].trim().slice(0, 300) || "unknown error";
}
