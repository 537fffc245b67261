/** Repos the browser tests create through the hub's own commit API (the demo catalogue may change). */

export interface FixtureFile {
  path: string;
  content: string | Uint8Array;
}

function base64(content: string | Uint8Array): string {
  return Buffer.from(content).toString("base64");
}

export async function createRepo(
  hubUrl: string,
  token: string,
  type: "model" | "dataset" | "space",
  id: string,
  extra: Record<string, unknown> = {},
): Promise<void> {
  const [organization, name] = id.split("/");
  const response = await fetch(`${hubUrl}/api/repos/create`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ name, organization, type, ...extra }),
  });
  if (!response.ok && response.status !== 409)
    throw new Error(`create ${id}: ${response.status} ${await response.text()}`);
}

export async function commitFiles(
  hubUrl: string,
  token: string,
  type: "model" | "dataset" | "space",
  id: string,
  files: FixtureFile[],
  summary = "Add files",
): Promise<void> {
  const lines = [
    JSON.stringify({ key: "header", value: { summary, description: "" } }),
    ...files.map((file) =>
      JSON.stringify({
        key: "file",
        value: { path: file.path, content: base64(file.content), encoding: "base64" },
      }),
    ),
  ];
  const response = await fetch(`${hubUrl}/api/${type}s/${id}/commit/main`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/x-ndjson" },
    body: `${lines.join("\n")}\n`,
  });
  if (!response.ok) throw new Error(`commit to ${id}: ${response.status} ${await response.text()}`);
}

export const CHAT_MODEL_README = `---
license: apache-2.0
language:
- en
library_name: transformers
pipeline_tag: text-generation
tags:
- chat
---
# Tiny chat (e2e)

A small chat model used by the browser tests.

| metric | value |
|---|---|
| accuracy | 0.42 |

\`\`\`python
from transformers import pipeline
pipe = pipeline("text-generation", model="e2e/tiny-chat")
\`\`\`
`;

export const CHAT_MODEL_FILES: FixtureFile[] = [
  { path: "README.md", content: CHAT_MODEL_README },
  {
    path: "config.json",
    content: JSON.stringify({ architectures: ["LlamaForCausalLM"], model_type: "llama" }),
  },
  {
    path: "tokenizer_config.json",
    content: JSON.stringify({ chat_template: "{% for m in messages %}{{ m.content }}{% endfor %}" }),
  },
];

export const DATASET_FILES: FixtureFile[] = [
  {
    path: "README.md",
    content:
      "---\nlicense: mit\nlanguage:\n- en\ntask_categories:\n- text-classification\n---\n# Reviews (e2e)\n\nShort product reviews with a sentiment label.\n",
  },
  {
    path: "data/train.csv",
    content:
      'text,label\n"Great phone, battery lasts days",positive\n"Broke after a week",negative\n"Does the job",neutral\n"Would buy again, 10/10",positive\n',
  },
  // Both splits in one format: the dataset viewer, like the `datasets` library, reads one format per config.
  { path: "data/test.csv", content: 'text,label\n"Lovely screen",positive\n"Too slow",negative\n' },
];
