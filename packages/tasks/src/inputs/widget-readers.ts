import type { ChatContentPart, ChatMessage, ModelData, WidgetExample } from "../model/model-data.js";

// Widget examples come from model cards written by anyone: every reader checks the runtime type.

function widgetExamples(model: ModelData): WidgetExample[] {
  const examples = model.widgetData ?? model.cardData?.widget;
  return Array.isArray(examples) ? examples.filter((e) => typeof e === "object" && e !== null) : [];
}

/** The first widget example that has a value for `key` accepted by `read`. */
function firstValid<T>(model: ModelData, key: string, read: (raw: unknown) => T | undefined): T | undefined {
  for (const example of widgetExamples(model)) {
    const value = read(example[key]);
    if (value !== undefined) return value;
  }
  return undefined;
}

const nonEmptyString = (raw: unknown): string | undefined =>
  typeof raw === "string" && raw.trim() !== "" ? raw : undefined;

const stringList = (raw: unknown): string[] | undefined =>
  Array.isArray(raw) && raw.length > 0 && raw.every((item) => typeof item === "string")
    ? [...raw]
    : undefined;

/** A non-empty string field of the model's widget examples (`text`, `context`, `source_sentence`, …). */
export function widgetString(model: ModelData, key: string): string | undefined {
  return firstValid(model, key, nonEmptyString);
}

/** A non-empty list of strings (`sentences`). */
export function widgetStringList(model: ModelData, key: string): string[] | undefined {
  return firstValid(model, key, stringList);
}

/** Candidate labels, written in cards either as "a, b, c" or as a list. */
export function widgetCandidateLabels(model: ModelData): string[] | undefined {
  return firstValid(model, "candidate_labels", (raw) => {
    const labels = typeof raw === "string" ? raw.split(",") : stringList(raw);
    const cleaned = labels?.map((label) => label.trim()).filter((label) => label !== "");
    return cleaned && cleaned.length > 0 ? cleaned : undefined;
  });
}

/** A column-oriented table: column name -> cell values (as strings), all columns non-empty. */
export function widgetTable(
  model: ModelData,
  key: "table" | "structured_data",
): Record<string, string[]> | undefined {
  return firstValid(model, key, (raw) => {
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return undefined;
    const columns = Object.entries(raw);
    if (columns.length === 0) return undefined;
    const table: Record<string, string[]> = {};
    for (const [name, cells] of columns) {
      if (!Array.isArray(cells) || cells.length === 0) return undefined;
      if (!cells.every((cell) => typeof cell === "string" || typeof cell === "number")) return undefined;
      table[name] = cells.map(String);
    }
    return table;
  });
}

function contentPart(raw: unknown): ChatContentPart | undefined {
  if (typeof raw !== "object" || raw === null) return undefined;
  const part = raw as Record<string, unknown>;
  if (part.type === "text" && typeof part.text === "string") return { type: "text", text: part.text };
  const image = part.image_url as Record<string, unknown> | undefined;
  if (part.type === "image_url" && typeof image?.url === "string")
    return { type: "image_url", image_url: { url: image.url } };
  return undefined;
}

function chatMessage(raw: unknown): ChatMessage | undefined {
  if (typeof raw !== "object" || raw === null) return undefined;
  const { role, content } = raw as Record<string, unknown>;
  if (typeof role !== "string") return undefined;
  if (typeof content === "string") return { role, content };
  if (!Array.isArray(content)) return undefined;
  const parts = content.map(contentPart);
  return parts.every((part) => part !== undefined)
    ? { role, content: parts as ChatContentPart[] }
    : undefined;
}

/** Chat messages from the widget (`messages`), only when every message is well-formed. */
export function widgetMessages(model: ModelData): ChatMessage[] | undefined {
  return firstValid(model, "messages", (raw) => {
    if (!Array.isArray(raw) || raw.length === 0) return undefined;
    const messages = raw.map(chatMessage);
    return messages.every((m) => m !== undefined) ? (messages as ChatMessage[]) : undefined;
  });
}
