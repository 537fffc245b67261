import { afterEach, describe, expect, it, vi } from "vitest";
import { storeCsrfToken } from "../../lib/credentials.js";
import { GatewayError, streamFromGateway } from "./gateway-client.js";
import { StreamError } from "./sse.js";

function sse(...events: string[]): Response {
  return new Response(events.map((e) => `data: ${e}\n\n`).join(""), {
    status: 200,
    headers: { "Content-Type": "text/event-stream" },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  storeCsrfToken(undefined);
});

describe("streamFromGateway", () => {
  it("posts with the session's CSRF header and stream: true, and passes the text on", async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) =>
      sse('{"choices":[{"delta":{"content":"Hi"}}]}', '{"choices":[{"delta":{"content":"!"}}]}', "[DONE]"),
    );
    vi.stubGlobal("fetch", fetchMock);
    storeCsrfToken("csrf-123");
    const seen: string[] = [];
    await streamFromGateway("chat/completions", { model: "a/b" }, new AbortController().signal, (t) =>
      seen.push(t),
    );
    expect(seen).toEqual(["Hi", "!"]);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe("/v1/chat/completions");
    expect(init.credentials).toBe("same-origin");
    expect((init.headers as Record<string, string>)["X-CSRF-Token"]).toBe("csrf-123");
    expect(JSON.parse(String(init.body))).toEqual({ model: "a/b", stream: true });
  });

  it("turns the gateway's {error} and Retry-After into a GatewayError", async () => {
    vi.stubGlobal("fetch", async () =>
      Response.json(
        { error: "Rate limit reached" },
        { status: 429, headers: { "Retry-After": "12", "Content-Type": "application/json" } },
      ),
    );
    const call = streamFromGateway("completions", {}, new AbortController().signal, () => undefined);
    await expect(call).rejects.toBeInstanceOf(GatewayError);
    await expect(call).rejects.toMatchObject({ status: 429, message: "Rate limit reached", retryAfter: 12 });
  });

  it("reports an unreachable hub, and a backend that fails mid-answer", async () => {
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Failed to fetch");
    });
    await expect(
      streamFromGateway("completions", {}, new AbortController().signal, () => undefined),
    ).rejects.toMatchObject({ status: 0, message: expect.stringContaining("could not be reached") });
    vi.stubGlobal("fetch", async () => sse('{"choices":[{"text":"a"}]}', '{"error":"backend died"}'));
    await expect(
      streamFromGateway("completions", {}, new AbortController().signal, () => undefined),
    ).rejects.toBeInstanceOf(StreamError);
  });
});
