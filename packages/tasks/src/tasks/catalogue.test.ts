import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  MODEL_LIBRARIES_UI_ELEMENTS,
  PIPELINE_DATA,
  PIPELINE_TYPES,
  TASKS_DATA,
  type TaskData,
} from "@modelhub/tasks";

const DEMO_DIR = fileURLToPath(new URL("../../assets/demo/", import.meta.url));
const MIN_ENTRIES = 45;

/** A Hub repository id: `owner/name`, letters, digits, `-`, `_` and `.` only. */
const REPO_ID = /^[A-Za-z0-9][A-Za-z0-9._-]*\/[A-Za-z0-9][A-Za-z0-9._-]*$/;

const text = z.string().trim().min(1, "must not be empty");
const repoId = z.string().regex(REPO_ID, "must be an owner/name repository id");

function uniqueList<T extends z.ZodType>(item: T, keyOf: (value: z.infer<T>) => string, what: string) {
  return z.array(item).superRefine((list, ctx) => {
    const seen = new Set<string>();
    for (const value of list) {
      const key = keyOf(value);
      if (seen.has(key)) ctx.addIssue({ code: "custom", message: `duplicate ${what} "${key}"` });
      seen.add(key);
    }
  });
}

const exampleRepos = uniqueList(
  z.object({ id: repoId, description: text }).strict(),
  (r) => r.id,
  "id",
).refine((list) => list.length >= 2, "needs at least 2 examples");

const demoEntry = z.discriminatedUnion("type", [
  z
    .object({
      type: z.literal("img"),
      filename: text.refine((name) => !name.includes("/") && existsSync(DEMO_DIR + name), {
        error: (issue) => `demo image "${String(issue.input)}" is not in packages/tasks/assets/demo/`,
      }),
    })
    .strict(),
  z.object({ type: z.literal("text"), label: text, content: text }).strict(),
  z
    .object({
      type: z.literal("chart"),
      data: z.array(z.object({ label: text, score: z.number().finite().min(0) }).strict()).min(1),
    })
    .strict(),
]);

const pipelineId = z.enum(PIPELINE_TYPES as [string, ...string[]]);

const taskEntry = z
  .object({
    id: pipelineId,
    label: text,
    summary: text,
    about: text,
    datasets: exampleRepos,
    models: exampleRepos,
    spaces: exampleRepos,
    metrics: uniqueList(z.object({ id: text, description: text }).strict(), (m) => m.id, "metric").refine(
      (list) => list.length >= 1,
      "needs at least one metric",
    ),
    demo: z.object({ inputs: z.array(demoEntry).min(1), outputs: z.array(demoEntry).min(1) }).strict(),
    widgetModels: uniqueList(z.string(), (id) => id, "widget model"),
    youtubeId: z
      .string()
      .regex(/^[A-Za-z0-9_-]{11}$/, "must be an 11-character YouTube video id")
      .optional(),
    libraries: uniqueList(text, (key) => key, "library").refine(
      (list) => list.length >= 1,
      "needs a library",
    ),
    canonicalId: pipelineId.optional(),
    isPlaceholder: z.boolean().optional(),
  })
  .strict()
  .superRefine((entry, ctx) => {
    const listed = new Set(entry.models.map((m) => m.id));
    for (const widgetModel of entry.widgetModels) {
      if (!listed.has(widgetModel) && !REPO_ID.test(widgetModel)) {
        ctx.addIssue({
          code: "custom",
          path: ["widgetModels"],
          message: `"${widgetModel}" is neither listed nor owner/name`,
        });
      }
    }
  });

const entries = Object.entries(TASKS_DATA).filter(
  (pair): pair is [string, TaskData] => pair[1] !== undefined,
);

describe("task catalogue (TASKS_DATA)", () => {
  it(`has at least ${MIN_ENTRIES} entries`, () => {
    const missing = PIPELINE_TYPES.filter((id) => TASKS_DATA[id] === undefined);
    expect(
      entries.length,
      `catalogue has ${entries.length} entries, issue 2 requires at least ${MIN_ENTRIES} ` +
        `(entries are authored in src/tasks/<task-id>/ and gathered in catalogue-part-a/b.ts). ` +
        `Pipelines without an entry: ${missing.join(", ")}`,
    ).toBeGreaterThanOrEqual(MIN_ENTRIES);
  });

  it("has a slot for every pipeline and nothing else", () => {
    expect(Object.keys(TASKS_DATA).sort()).toEqual([...PIPELINE_TYPES].sort());
  });

  it.each(entries)("%s matches the schema", (key, entry) => {
    const result = taskEntry.safeParse(entry);
    expect(result.success, result.success ? "" : z.prettifyError(result.error)).toBe(true);
    expect(entry.id).toBe(key);
    expect(entry.label).toBe(PIPELINE_DATA[entry.id].name);
    expect(entry.isPlaceholder ?? false).toBe(false);
  });

  it.each(entries)("%s names only registered libraries", (_key, entry) => {
    const unknown = entry.libraries.filter((library) => !Object.hasOwn(MODEL_LIBRARIES_UI_ELEMENTS, library));
    expect(unknown, "library keys missing from MODEL_LIBRARIES_UI_ELEMENTS").toEqual([]);
  });

  it("points canonicalId only at tasks that have an entry", () => {
    for (const [, entry] of entries) {
      if (entry.canonicalId !== undefined) expect(TASKS_DATA[entry.canonicalId]).toBeDefined();
    }
  });

  it("rejects malformed entries (the schema itself works)", () => {
    const good = {
      id: "fill-mask",
      label: "Fill-Mask",
      summary: "s",
      about: "a",
      datasets: [
        { id: "a/b", description: "d" },
        { id: "c/d", description: "d" },
      ],
      models: [
        { id: "a/b", description: "d" },
        { id: "c/d", description: "d" },
      ],
      spaces: [
        { id: "a/b", description: "d" },
        { id: "c/d", description: "d" },
      ],
      metrics: [{ id: "accuracy", description: "d" }],
      demo: {
        inputs: [{ type: "text", label: "Input", content: "x" }],
        outputs: [{ type: "text", label: "Out", content: "y" }],
      },
      widgetModels: ["a/b"],
      libraries: ["transformers"],
    };
    expect(taskEntry.safeParse(good).success).toBe(true);
    const bad = (patch: Record<string, unknown>) => taskEntry.safeParse({ ...good, ...patch }).success;
    expect(
      bad({
        datasets: [
          { id: "not-an-id", description: "d" },
          { id: "c/d", description: "d" },
        ],
      }),
    ).toBe(false);
    expect(
      bad({
        models: [
          { id: "a/b", description: "d" },
          { id: "a/b", description: "d" },
        ],
      }),
    ).toBe(false);
    expect(bad({ spaces: [{ id: "a/b", description: "d" }] })).toBe(false);
    expect(bad({ metrics: [{ id: "accuracy", description: "" }] })).toBe(false);
    expect(
      bad({ demo: { inputs: [{ type: "img", filename: "no-such-file.png" }], outputs: good.demo.outputs } }),
    ).toBe(false);
    expect(bad({ widgetModels: ["gpt2"] })).toBe(false);
    expect(bad({ summary: "  " })).toBe(false);
    expect(bad({ libraries: [] })).toBe(false);
  });
});
