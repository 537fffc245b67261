import fs from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertRepo } from "../platform/helpers/insert-repo.js";
import { bearer, DIALECTS, postJson, startTestHub } from "../platform/helpers/test-hub.js";
import { eventually, HEALTH_BACKEND_KEY, startHealthHub, type HealthHub } from "./helpers/health-hub.js";

type Mapping = Record<string, { providerId: string; status: string; task: string }>;

describe.each(DIALECTS)("backend health checks (%s)", (dialect) => {
  let h: HealthHub;
  beforeAll(async () => {
    h = await startHealthHub(dialect, { "acme/chat": "tiny", "acme/later": "tiny" }, { intervalMs: 100 });
    await insertRepo(h.hub.services, { id: "acme/chat", derived: { tags: ["conversational"] } });
  });
  afterAll(async () => {
    await h?.stop();
  });

  const statusIn = async (id: string): Promise<string | undefined> => {
    const res = await fetch(`${h.hub.url}/api/models/${id}?expand[]=inferenceProviderMapping`);
    return ((await res.json()) as { inferenceProviderMapping?: Mapping }).inferenceProviderMapping?.box
      ?.status;
  };
  const backendStatus = async (): Promise<string | undefined> => {
    const list = (await (await fetch(`${h.hub.url}/api/inference/backends`)).json()) as {
      name: string;
      status: string;
    }[];
    return list.find((b) => b.name === "box")?.status;
  };
  const servedBy = async (): Promise<string[]> => {
    const res = await fetch(`${h.hub.url}/api/models?inference_provider=box`);
    return ((await res.json()) as { id: string }[]).map((m) => m.id).sort();
  };

  it("checks GET /models and publishes the served model as live", async () => {
    await eventually(async () => h.backend.modelListings >= 2);
    // The round publishes after its checks: the mapping follows shortly.
    await eventually(async () => (await statusIn("acme/chat")) === "live");
    expect(await servedBy()).toEqual(["acme/chat"]);
  });

  it("a backend that goes down becomes staging, and live again when it comes back", async () => {
    h.backend.down = true;
    await eventually(async () => (await statusIn("acme/chat")) === "staging");
    expect(await backendStatus()).toBe("staging");
    // Still listed under its backend: staging is shown, not hidden.
    expect(await servedBy()).toEqual(["acme/chat"]);

    h.backend.down = false;
    await eventually(async () => (await statusIn("acme/chat")) === "live");
    expect(await backendStatus()).toBe("live");
  });

  it("publishes a configured model uploaded after start on the next round", async () => {
    await insertRepo(h.hub.services, { id: "acme/later" });
    await eventually(async () => (await servedBy()).includes("acme/later"));
    expect(await statusIn("acme/later")).toBe("live");
  });

  it("never puts the backend's address or key in what it shows", async () => {
    h.backend.down = true;
    await eventually(async () => (await backendStatus()) === "staging");
    const text = await (await fetch(`${h.hub.url}/api/inference/backends`)).text();
    expect(text).not.toContain("127.0.0.1");
    expect(text).not.toContain(HEALTH_BACKEND_KEY);
    h.backend.down = false;
    await eventually(async () => (await backendStatus()) === "live");
  });
});

describe.each(DIALECTS)("gateway evidence (%s)", (dialect) => {
  let h: HealthHub;
  beforeAll(async () => {
    // One round at start, then none during the test: only the gateway can change the status.
    h = await startHealthHub(dialect, { "acme/chat": "tiny" }, { intervalMs: 600_000 });
    await insertRepo(h.hub.services, { id: "acme/chat" });
    await eventually(async () => h.backend.modelListings >= 1);
  });
  afterAll(async () => {
    await h?.stop();
  });

  it("a call that cannot reach the backend marks it staging at once; the admin's check brings it back", async () => {
    const token = await h.hub.tokenFor("alice");
    h.backend.down = true;
    const response = await postJson(
      `${h.hub.url}/v1/chat/completions`,
      { model: "acme/chat", messages: [{ role: "user", content: "hi" }] },
      token,
    );
    expect(response.status).toBe(502);
    await eventually(async () => {
      const res = await fetch(`${h.hub.url}/api/models/acme/chat?expand[]=inferenceProviderMapping`, {
        headers: bearer(token),
      });
      const body = (await res.json()) as { inferenceProviderMapping?: Mapping };
      return body.inferenceProviderMapping?.box?.status === "staging";
    });
    h.backend.down = false;
  });
});

describe("closing the hub during a check", () => {
  it("does not wait for a backend that never answers GET /models", async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-health-close-"));
    const configFile = path.join(dir, "inference.json");
    const port = (silent.address() as AddressInfo).port;
    fs.writeFileSync(
      configFile,
      JSON.stringify({
        backends: [
          {
            name: "mute",
            kind: "openai-compatible",
            baseUrl: `http://127.0.0.1:${port}/v1`,
            models: { "a/b": "m" },
          },
        ],
        health: { intervalMs: 60_000, timeoutMs: 30_000 },
      }),
    );
    const hub = await startTestHub({ env: { MODELHUB_INFERENCE_CONFIG: configFile } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = Date.now();
    await hub.stop();
    expect(Date.now() - started).toBeLessThan(3000);
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
