import { BadGenerationRequest } from "./generation-request-error.js";

/** A function the caller offers the model (`tools[].function`). */
export interface ToolDefinition {
  name: string;
  description?: string;
  /** JSON Schema of the arguments object. */
  parameters: Record<string, unknown>;
}

/** `tool_choice`: the model decides, must call one, or must call this one. */
export type ToolChoice = "auto" | "required" | { name: string };

/** What shape the answer must take, enforced by a grammar while sampling. */
export type OutputMode =
  | { kind: "text" }
  | { kind: "json" }
  | { kind: "schema"; schema: Record<string, unknown> }
  | { kind: "tools"; tools: ToolDefinition[]; choice: ToolChoice };

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** `response_format`, `tools` and `tool_choice` of a chat body (absent on text completions). */
export function outputModeOf(fields: Fields, chat: boolean): OutputMode {
  const format = responseFormat(fields.response_format);
  const tools = chat ? toolsOf(fields.tools) : [];
  if (!chat && fields.tools != null)
    throw new BadGenerationRequest('"tools" is only offered on chat completions');
  const choice = toolChoice(fields.tool_choice, tools);
  if (tools.length === 0 || choice === "none") return format;
  if (format.kind !== "text")
    throw new BadGenerationRequest('"response_format" cannot be combined with "tools" on this backend');
  return { kind: "tools", tools, choice };
}

function responseFormat(format: unknown): OutputMode {
  if (format === undefined || format === null) return { kind: "text" };
  if (!isObject(format)) throw new BadGenerationRequest('"response_format" must be an object');
  switch (format.type) {
    case "text":
      return { kind: "text" };
    case "json_object":
      return { kind: "json" };
    case "json_schema": {
      const spec = format.json_schema;
      if (!isObject(spec) || !isObject(spec.schema))
        throw new BadGenerationRequest('"response_format.json_schema.schema" must be a JSON Schema object');
      return { kind: "schema", schema: spec.schema };
    }
    default:
      throw new BadGenerationRequest('"response_format.type" must be "text", "json_object" or "json_schema"');
  }
}

function toolsOf(tools: unknown): ToolDefinition[] {
  if (tools === undefined || tools === null) return [];
  if (!Array.isArray(tools)) throw new BadGenerationRequest('"tools" must be a list');
  return tools.map((tool: unknown, index): ToolDefinition => {
    const fn = isObject(tool) ? tool.function : undefined;
    if (!isObject(tool) || tool.type !== "function" || !isObject(fn))
      throw new BadGenerationRequest(`"tools"[${index}] must be {"type": "function", "function": {...}}`);
    if (typeof fn.name !== "string" || !/^[A-Za-z0-9_-]{1,64}$/.test(fn.name))
      throw new BadGenerationRequest(`"tools"[${index}].function.name must be 1-64 letters, digits, _ or -`);
    if (fn.parameters !== undefined && fn.parameters !== null && !isObject(fn.parameters))
      throw new BadGenerationRequest(`"tools"[${index}].function.parameters must be a JSON Schema object`);
    return {
      name: fn.name,
      description: typeof fn.description === "string" ? fn.description : undefined,
      parameters: isObject(fn.parameters) ? fn.parameters : { type: "object", properties: {} },
    };
  });
}

function toolChoice(choice: unknown, tools: readonly ToolDefinition[]): ToolChoice | "none" {
  if (choice === undefined || choice === null) return "auto";
  if (choice === "none" || choice === "auto" || choice === "required") {
    if (choice === "required" && tools.length === 0)
      throw new BadGenerationRequest('"tool_choice": "required" needs "tools"');
    return choice;
  }
  const name = isObject(choice) && isObject(choice.function) ? choice.function.name : undefined;
  if (!isObject(choice) || choice.type !== "function" || typeof name !== "string")
    throw new BadGenerationRequest(
      '"tool_choice" must be "none", "auto", "required" or {"type": "function", "function": {"name": ...}}',
    );
  if (!tools.some((tool) => tool.name === name))
    throw new BadGenerationRequest(`"tool_choice" names function "${name}", which is not in "tools"`);
  return { name };
}

/** The JSON Schema the grammar enforces (undefined for free text and plain JSON). */
export function grammarSchema(mode: OutputMode): Record<string, unknown> | undefined {
  if (mode.kind === "schema") return mode.schema;
  if (mode.kind !== "tools") return undefined;
  const call = (tool: ToolDefinition) => ({
    type: "object",
    properties: { name: { const: tool.name }, arguments: tool.parameters },
    required: ["name", "arguments"],
    additionalProperties: false,
  });
  const { choice, tools } = mode;
  const callable = typeof choice === "object" ? tools.filter((tool) => tool.name === choice.name) : tools;
  const anyCall = callable.length === 1 ? call(callable[0]) : { oneOf: callable.map(call) };
  if (choice !== "auto") return anyCall;
  return {
    oneOf: [envelope("tool_call", anyCall), envelope("response", { type: "string" })],
  };
}

function envelope(key: string, schema: Record<string, unknown>): Record<string, unknown> {
  return { type: "object", properties: { [key]: schema }, required: [key], additionalProperties: false };
}

/** What the model is told about the tools (in the system turn), in the answer format the grammar enforces. */
export function toolInstructions(mode: OutputMode & { kind: "tools" }): string {
  const listed = mode.tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    parameters: tool.parameters,
  }));
  const format =
    mode.choice === "auto"
      ? 'Answer with one JSON object: {"tool_call": {"name": <function name>, "arguments": {...}}} to call a function, or {"response": <your reply>} to reply directly.'
      : 'Answer with one JSON object calling a function: {"name": <function name>, "arguments": {...}}.';
  return `You can call these functions:\n${JSON.stringify(listed)}\n${format}`;
}

/** A function call the model made, as OpenAI's `tool_calls` items carry it. */
export interface ToolCall {
  name: string;
  /** The arguments object as JSON text. */
  arguments: string;
}

/** The model's reply split into text content and function calls, per the output mode. */
export interface ReadAnswer {
  content: string | null;
  toolCalls: ToolCall[];
}

/** Reads the generated text of a tools answer; text the grammar did not finish (cut by length) stays text. */
export function readToolAnswer(text: string, mode: OutputMode): ReadAnswer {
  if (mode.kind !== "tools") return { content: text, toolCalls: [] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { content: text, toolCalls: [] };
  }
  const call = mode.choice === "auto" && isObject(parsed) ? parsed.tool_call : parsed;
  if (isObject(call) && typeof call.name === "string")
    return {
      content: null,
      toolCalls: [{ name: call.name, arguments: JSON.stringify(call.arguments ?? {}) }],
    };
  if (isObject(parsed) && typeof parsed.response === "string")
    return { content: parsed.response, toolCalls: [] };
  return { content: text, toolCalls: [] };
}
