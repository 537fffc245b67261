import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backfillParameterCounts } from "../../src/platform/backfill-parameter-counts.js";
import { DIALECTS, postJson, startTestHub, type TestHub } from "../platform/helpers/test-hub.js";

type Tensors = Record<string, { dtype: string; shape: number[] }>;

/** A safetensors file whose header declares these tensors (data sized for them only when small). */
function safetensors(tensors: Tensors): string {
  let offset = 0;
  const header: Record<string, unknown> = { __metadata__: { format: "pt" } };
  for (const [name, { dtype, shape }] of Object.entries(tensors)) {
    const bytes = Math.min(shape.reduce((a, b) => a * b, 1) * 2, 4096);
    header[name] = { dtype, shape, data_offsets: [offset, offset + bytes] };
    offset += bytes;
  }
  const json = Buffer.from(JSON.stringify(header));
  const length = Buffer.alloc(8);
  length.writeBigUInt64LE(BigInt(json.length));
  return Buffer.concat([length, json, Buffer.alloc(offset)]).toString("base64");
}

describe.each(DIALECTS)("safetensors parameter counts (%s)", (dialect) => {
  let hub: TestHub;
  let token: string;

  const create = async (name: string, files: { path: string; content: string; encoding?: string }[]) => {
    const res = await postJson(`${hub.url}/api/repos/create`, { name, files }, token);
    expect(res.status, await res.clone().text()).toBe(200);
  };
  const info = async (id: string) =>
    (await (await fetch(`${hub.url}/api/models/${id}`)).json()) as {
      safetensors?: unknown;
      warnings?: string[];
    };
  const ids = async (query: string) => {
    const res = await fetch(`${hub.url}/api/models?${query}`);
    expect(res.status, query).toBe(200);
    return ((await res.json()) as { id: string }[]).map((r) => r.id).sort();
  };

  beforeAll(async () => {
    hub = await startTestHub({ dialect });
    token = await hub.tokenFor("alice");
    await create("single", [
      {
        path: "model.safetensors",
        encoding: "base64",
        content: safetensors({
          "embed.weight": { dtype: "F16", shape: [32, 32] },
          "norm.weight": { dtype: "BF16", shape: [10] },
          scale: { dtype: "F32", shape: [] },
        }),
      },
    ]);
    const shard = (n: number) => `model-0000${n}-of-00002.safetensors`;
    await create("sharded-6b", [
      {
        path: "model.safetensors.index.json",
        encoding: "utf-8",
        content: JSON.stringify({
          metadata: { total_size: 12e9 },
          weight_map: { "a.weight": shard(1), "b.weight": shard(2), "c.weight": shard(2) },
        }),
      },
      {
        path: shard(1),
        encoding: "base64",
        content: safetensors({ "a.weight": { dtype: "BF16", shape: [60000, 50000] } }),
      },
      {
        path: shard(2),
        encoding: "base64",
        content: safetensors({
          "b.weight": { dtype: "BF16", shape: [50000, 60000] },
          "c.weight": { dtype: "F32", shape: [1000] },
        }),
      },
      // not part of the model: an optimizer state beside the shards is not counted
      {
        path: "extra/optimizer.safetensors",
        encoding: "base64",
        content: safetensors({ x: { dtype: "F32", shape: [7] } }),
      },
    ]);
    await create("broken", [
      { path: "model.safetensors", encoding: "utf-8", content: "not a header at all" },
    ]);
  });
  afterAll(() => hub?.stop());

  it("model info carries parameters per dtype and the total, as the Hub serves them", async () => {
    expect((await info("alice/single")).safetensors).toEqual({
      parameters: { F16: 1024, BF16: 10, F32: 1 },
      total: 1035,
    });
    expect((await info("alice/sharded-6b")).safetensors).toEqual({
      parameters: { BF16: 6_000_000_000, F32: 1000 },
      total: 6_000_001_000,
    });
  });

  it("an unreadable header commits, with a warning and no counts", async () => {
    const broken = await info("alice/broken");
    expect(broken.safetensors).toBeUndefined();
    expect(broken.warnings?.join("\n")).toMatch(/model\.safetensors: safetensors header unreadable/);
  });

  it("num_parameters filters by the total; listings expand safetensors", async () => {
    expect(await ids("num_parameters=min:1B,max:10B")).toEqual(["alice/sharded-6b"]);
    expect(await ids("num_parameters=min:7B")).toEqual([]);
    expect(await ids("num_parameters=max:1.5K")).toEqual(["alice/single"]);
    expect(await ids("num_parameters=min:1000,max:6000001000")).toEqual(["alice/sharded-6b", "alice/single"]);
    const res = await fetch(`${hub.url}/api/models?search=single&expand[]=safetensors`);
    const [item] = (await res.json()) as { safetensors?: unknown }[];
    expect(item.safetensors).toEqual({ parameters: { F16: 1024, BF16: 10, F32: 1 }, total: 1035 });
  });

  it("refuses malformed ranges with a clear message", async () => {
    for (const [query, pattern] of [
      ["num_parameters=min:lots", /"lots" is not a count/],
      ["num_parameters=between:1B", /expected min:<count>, max:<count>/],
      ["num_parameters=min:10B,max:1B", /min is larger than max/],
      ["num_parameters=min:1B,min:2B", /min is given twice/],
    ] as const) {
      const res = await fetch(`${hub.url}/api/models?${query}`);
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(pattern);
    }
  });

  it("repos derived before counting existed get their counts from a background walk", async () => {
    const db = hub.services.hub.db;
    await db.updateTable("repos").set({ safetensors: null, num_parameters: null }).execute();
    const backfill = backfillParameterCounts(hub.services.repos, hub.content, hub.logger);
    // the single model, the sharded one and the broken one (read again, still unreadable)
    expect(await backfill.done).toBe(3);
    expect((await info("alice/sharded-6b")).safetensors).toMatchObject({ total: 6_000_001_000 });
    expect((await info("alice/broken")).safetensors).toBeUndefined();
    expect(await ids("num_parameters=min:1B")).toEqual(["alice/sharded-6b"]);
    // nothing is left to walk
    expect(await backfillParameterCounts(hub.services.repos, hub.content, hub.logger).done).toBe(0);
  });
});
