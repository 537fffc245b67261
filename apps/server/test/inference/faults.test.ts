import { InferenceClient } from "@huggingface/inference";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, DIALECTS, postJson } from "../platform/helpers/test-hub.js";
import { errorOf, answerOf } from "./helpers/responses.js";
import { MODELS, startGatewayHub, type GatewayHub } from "./helpers/gateway-hub.js";
import { eventually, usageRows } from "./helpers/usage-rows.js";

const MESSAGES = [{ role: "user", content: "Say hello" }];

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms)),
  ]);
}

describe.each(DIALECTS)("inference gateway: faults (%s)", (dialect) => {
  let g: GatewayHub;
  beforeAll(async () => {
    g = await startGatewayHub(dialect, {}, { withDeadBackend: true });
  });
  afterAll(async () => {
    await g?.stop();
  });

  const chat = (model: string, extra: Record<string, unknown> = {}, init: RequestInit = {}) =>
    fetch(`${g.hub.url}/v1/chat/completions`, {
      method: "POST",
      headers: { ...bearer(g.bob), "Content-Type": "application/json" },
      body: JSON.stringify({ model, messages: MESSAGES, ...extra }),
      ...init,
    });

  it("passes SSE through chunk by chunk and a disconnecting client cancels the backend request", async () => {
    const controller = new AbortController();
    const response = await chat(MODELS.slow, { stream: true }, { signal: controller.signal });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toMatch(/^data: \{/);
    const aborted = g.backend.nextAbort();
    controller.abort();
    const seen = await within(aborted, 3000, "the backend to see the abort");
    expect(seen.body.model).toBe("slow");
    const rows = await eventually(
      () => usageRows(g.hub),
      (all) => all.some((row) => row.model === MODELS.slow && row.status === 499),
    );
    expect(rows.find((row) => row.model === MODELS.slow)).toMatchObject({
      status: 499,
      streamed: 1,
      backend: "fake",
    });
  });

  it("a reader that stops reading stalls the backend (backpressure, nothing buffered)", async () => {
    const response = await chat(MODELS.flood, { stream: true });
    const reader = response.body!.getReader();
    try {
      await reader.read();
      await new Promise((resolve) => setTimeout(resolve, 500));
      const stalledAt = g.backend.flood.bytes;
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(g.backend.flood.blocked).toBe(true);
      expect(g.backend.flood.bytes).toBe(stalledAt);
      // Only socket and stream buffers sit between the two: a few MiB, not the 256 MiB on offer.
      expect(stalledAt).toBeLessThan(32 * 1024 * 1024);
      // Reading again lets the backend write again.
      let read = 0;
      while (g.backend.flood.bytes === stalledAt && read < 64 * 1024 * 1024)
        read += (await reader.read()).value?.length ?? 0;
      expect(g.backend.flood.bytes).toBeGreaterThan(stalledAt);
    } finally {
      const aborted = g.backend.nextAbort();
      await reader.cancel();
      await within(aborted, 3000, "the backend to see the abort");
    }
  });

  it("a caller that disconnects before a non-streamed answer cancels the backend request", async () => {
    const controller = new AbortController();
    const aborted = g.backend.nextAbort();
    const pending = chat(MODELS.hangs, {}, { signal: controller.signal }).catch((err: unknown) => err);
    await new Promise((resolve) => setTimeout(resolve, 100));
    controller.abort();
    expect(await pending).toBeInstanceOf(Error);
    await within(aborted, 3000, "the backend to see the abort");
    const rows = await eventually(
      () => usageRows(g.hub),
      (all) => all.some((row) => row.model === MODELS.hangs),
    );
    // Well before the 400 ms timeout: the caller's disconnect, not the timeout, ended it.
    expect(rows.find((row) => row.model === MODELS.hangs)).toMatchObject({ status: 499, streamed: 0 });
  });

  it("ends the stream with an SSE error event when the backend dies mid-stream, and the next request works", async () => {
    const response = await chat(MODELS.dies, { stream: true });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain('"content":"Hel"');
    const events = text.split("\n\n").filter((event) => event.startsWith("data: "));
    const last = JSON.parse(events.at(-1)!.slice(6)) as { error: string };
    expect(last.error).toMatch(/Inference backend "fake"/);

    const client = new InferenceClient(g.bob, { endpointUrl: g.hub.url });
    await expect(async () => {
      for await (const chunk of client.chatCompletionStream({ model: MODELS.dies, messages: MESSAGES }))
        void chunk;
    }).rejects.toThrow(/Inference backend "fake"/);

    const next = await chat(MODELS.chat);
    expect(next.status).toBe(200);
    expect(await answerOf(next)).toBe("Hello from tiny");
    const rows = await usageRows(g.hub);
    expect(rows.filter((row) => row.model === MODELS.dies).map((row) => row.status)).toContain(502);
  });

  it("turns a backend that drops the connection into a 502", async () => {
    const response = await chat(MODELS.dies);
    expect(response.status).toBe(502);
    expect(await errorOf(response)).toMatch(/Inference backend "fake"/);
  });

  it("turns a silent backend into a 504 and cancels its request, streamed or not", async () => {
    for (const stream of [false, true]) {
      const aborted = g.backend.nextAbort();
      const response = await chat(MODELS.hangs, { stream });
      expect(response.status, `stream=${stream}`).toBe(504);
      expect(await errorOf(response)).toBe('Inference backend "fake" did not answer within 400 ms');
      await within(aborted, 3000, "the backend to see the timeout abort");
    }
    const rows = await usageRows(g.hub);
    expect(rows.filter((row) => row.model === MODELS.hangs).map((row) => row.status)).toEqual([
      499, 504, 504,
    ]);
  });

  it("keeps a backend's 4xx with its message, and turns its 5xx and its refusal of the hub's key into 502s", async () => {
    const refused = await chat(MODELS.refuses);
    expect(refused.status).toBe(400);
    expect(await errorOf(refused)).toBe(
      'Inference backend "fake" refused the request (HTTP 400): max_tokens is too large (key [backend key])',
    );
    const crashed = await chat(MODELS.crashes);
    expect(crashed.status).toBe(502);
    expect(await errorOf(crashed)).toBe('Inference backend "fake" failed (HTTP 500): out of memory');
    const locked = await chat(MODELS.locked);
    expect(locked.status).toBe(502);
    const message = await errorOf(locked);
    expect(message).toBe(
      `Inference backend "fake" refused the hub's credentials (HTTP 401); tell the hub's admin`,
    );
    expect(message).not.toContain("sk-backend-secret");
  });

  it("tries the next backend when one cannot be reached, and answers 502 when none can", async () => {
    const before = (await usageRows(g.hub)).length;
    const served = await chat(MODELS.chat);
    expect(served.status).toBe(200);
    const rows = (await usageRows(g.hub)).slice(before);
    // Both attempts share the call's start time, so their order in the table is not defined.
    expect(rows.map((row) => `${row.backend} ${row.status}`).sort()).toEqual(["dead 502", "fake 200"]);
    const unreachable = await postJson(
      `${g.hub.url}/v1/chat/completions`,
      { model: MODELS.onlyDead, messages: MESSAGES },
      g.bob,
    );
    expect(unreachable.status).toBe(502);
    expect(await errorOf(unreachable)).toBe('Inference backend "dead" could not be reached');
    const named = await chat(`${MODELS.onlyDead}:fake`);
    expect(named.status).toBe(404);
    expect(await errorOf(named)).toMatch(/Inference backend "fake" does not serve model acme\/only-dead/);
  });
});
