import type { Llama, LlamaGrammar } from "node-llama-cpp";
import { BadGenerationRequest } from "./generation-request-error.js";
import { grammarSchema, type OutputMode } from "./output-mode.js";

/** The llama.cpp grammar that holds sampling to the output mode; none for free text. */
export async function grammarFor(llama: Llama, mode: OutputMode): Promise<LlamaGrammar | undefined> {
  if (mode.kind === "text") return undefined;
  if (mode.kind === "json") return llama.getGrammarFor("json");
  const schema = grammarSchema(mode);
  if (!schema) return undefined;
  try {
    // The caller's schema is checked by node-llama-cpp at run time; its static type cannot be known here.
    const create = llama.createGrammarForJsonSchema.bind(llama) as unknown as (
      schema: Record<string, unknown>,
    ) => Promise<LlamaGrammar>;
    return await create(schema);
  } catch (err) {
    const what = mode.kind === "tools" ? '"tools" parameters' : '"response_format.json_schema.schema"';
    const reason = err instanceof Error ? err.message.split("\n")[0] : String(err);
    throw new BadGenerationRequest(`${what}: this backend cannot enforce that JSON Schema (${reason})`);
  }
}
