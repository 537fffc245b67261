import type { LiteralValue } from "../code/values.js";
import type { ChatContentPart, ChatMessage } from "../model/model-data.js";
import type { ModelInputValue } from "./input-value.js";

function partLiteral(part: ChatContentPart): LiteralValue {
  return part.type === "text"
    ? { type: "text", text: part.text }
    : { type: "image_url", image_url: { url: part.image_url.url } };
}

/** Chat messages as plain literal data (role first, then content), ready for pyValue / jsValue / jsonValue. */
export function messagesLiteral(messages: ChatMessage[]): LiteralValue {
  return messages.map((message) => ({
    role: message.role,
    content: typeof message.content === "string" ? message.content : message.content.map(partLiteral),
  }));
}

/** The main value of an example input as literal data (without `parameters`), for the code builders. */
export function modelInputLiteral(input: ModelInputValue): LiteralValue {
  return input.kind === "messages" ? messagesLiteral(input.value) : input.value;
}
