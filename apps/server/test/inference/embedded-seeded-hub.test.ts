import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toRepoRecord } from "../../src/platform/repos.js";
import { SEEDED_KEY, setMeta } from "../../src/seed/import-catalogue.js";
import { TINY_CHAT_MODEL_ID } from "../../src/seed/tiny-gguf/demo-model.js";
import { addTinyChatModelToSeededHub } from "../../src/seed/tiny-gguf/seeded-hubs.js";
import { startTestHub, type TestHub } from "../platform/helpers/test-hub.js";

describe("the runnable demo model on hubs seeded before it existed", () => {
  let hub: TestHub;
  beforeAll(async () => {
    hub = await startTestHub();
  });
  afterAll(async () => {
    await hub?.stop();
  });
  const add = () =>
    addTinyChatModelToSeededHub({ services: hub.services, content: hub.content, logger: hub.logger });

  it("is added once to a seeded hub, never to an unseeded one, and stays deleted once deleted", async () => {
    expect(await add()).toBe(false); // never seeded: nothing to upgrade
    await setMeta(hub.services, SEEDED_KEY);
    expect(await add()).toBe(true);
    const info = (await (await fetch(`${hub.url}/api/models/${TINY_CHAT_MODEL_ID}`)).json()) as {
      siblings: { rfilename: string }[];
    };
    expect(info.siblings.map((s) => s.rfilename)).toContain("tiny-llama-chat-F32.gguf");
    expect(await add()).toBe(false);

    const row = await hub.services.repos.find("model", TINY_CHAT_MODEL_ID);
    await hub.content.remove(toRepoRecord(row!));
    await hub.services.repos.delete(row!);
    expect(await add()).toBe(false);
    expect(await hub.services.repos.find("model", TINY_CHAT_MODEL_ID)).toBeUndefined();
  });
});
