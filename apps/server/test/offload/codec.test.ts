import { describe, expect, it } from "vitest";
import { parseCard } from "../../src/cards/front-matter.js";
import { HttpError } from "../../src/domain/errors.js";
import { encodeJson, parseCardOffThread, parseJsonStream } from "../../src/offload/codec.js";

/** A body as a web stream of 64 KiB chunks, as a socket delivers it. */
function streamOf(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.byteLength) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + 64 * 1024));
      offset += 64 * 1024;
    },
  });
}

async function refusal(text: string): Promise<{ status: number; message: string }> {
  try {
    await parseJsonStream(streamOf(text));
  } catch (error) {
    if (error instanceof HttpError) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error("parsed");
}

describe("the codec thread", () => {
  it("parses large bodies streamed to it, with the hub's body rules", async () => {
    const value = { model: "a/b", prompt: "word ".repeat(400_000), list: [1, "é", { "😀": null }] };
    expect(await parseJsonStream(streamOf(JSON.stringify(value)), undefined)).toEqual(value);
    const padding = " ".repeat(100_000);
    expect(await refusal(`${padding}{"a": "x\\u0000y"}`)).toEqual({
      status: 400,
      message: "Request body contains a NUL character",
    });
    expect(await refusal(`${padding}${"[".repeat(65)}${"]".repeat(65)}`)).toMatchObject({ status: 400 });
    expect(await refusal(`${padding}{"a": `)).toEqual({
      status: 400,
      message: "Request body must be valid JSON",
    });
    expect(await refusal(`[${Array(500_001).fill("0").join(",")}]`)).toEqual({
      status: 413,
      message: "Request body holds more than 500000 JSON values",
    });
    // small bodies are parsed in place, with the same rules
    expect(await parseJsonStream(streamOf('{"small": true}'))).toEqual({ small: true });
    expect(await parseJsonStream(streamOf(""))).toEqual({});
  });

  it("writes large JSON for backends and reads large cards as the event loop would", async () => {
    const value = { messages: [{ role: "user", content: "x".repeat(200_000) }] };
    const encoded = await encodeJson(value);
    expect(typeof encoded === "string" ? encoded : new TextDecoder().decode(encoded)).toBe(
      JSON.stringify(value),
    );
    const card = `---\nconfigs:\n${Array.from({ length: 300 }, (_, i) => `- config_name: c${i}\n  data_files: "d${i}/*.csv"\n`).join("")}---\n# card\n`;
    expect(card.length).toBeGreaterThan(4096);
    expect(await parseCardOffThread(card)).toEqual(parseCard(card));
  });
});
