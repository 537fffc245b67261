import { TASKS_DATA } from "@modelhub/tasks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, postJson, startTestHub, type TestHub } from "./helpers/test-hub.js";

interface Example {
  id: string;
  onHub: boolean;
}

describe("task examples say whether they are on this hub", () => {
  let hub: TestHub;
  let owner = "";
  const example = TASKS_DATA["text-classification"]?.models?.[0]?.id ?? "";
  const [namespace, name] = example.split("/");

  beforeAll(async () => {
    hub = await startTestHub();
    owner = await hub.tokenFor(namespace);
    const res = await postJson(`${hub.url}/api/repos/create`, { name, private: true }, owner);
    expect(res.status).toBe(200);
  });
  afterAll(() => hub?.stop());

  const models = async (token?: string) => {
    const res = await fetch(`${hub.url}/api/tasks/text-classification`, {
      headers: token ? bearer(token) : {},
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { models: Example[] }).models;
  };

  it("marks a present repo for those who can open it, and every other example as external", async () => {
    expect(example).toMatch(/\//);
    const anonymous = await models();
    expect(anonymous.every((m) => m.onHub === false)).toBe(true); // the only local one is private
    const mine = await models(owner);
    expect(mine.find((m) => m.id === example)?.onHub).toBe(true);
    expect(mine.filter((m) => m.onHub)).toHaveLength(1);
  });
});
