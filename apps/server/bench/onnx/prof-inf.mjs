import { mkdtempSync, writeFileSync } from "node:fs"; import { tmpdir } from "node:os"; import path from "node:path";
import { startHubProcess } from "../hub-process.mjs";
import { RUNNABLE_DEMO_MODELS } from "../../dist/seed/tiny-onnx/demo-registry.js";
async function upload(hub, model) {
  const name = model.id.split("/")[1];
  const headers = { Authorization: `Bearer ${hub.token}` };
  await fetch(`${hub.url}/api/repos/create`, {
    method: "POST",
    headers: { ...headers, "Content-Type": "application/json" },
    body: JSON.stringify({ name, type: "model" }),
  });
  const files = [
    {
      path: "README.md",
      content: `---\npipeline_tag: ${model.task}\nlibrary_name: transformers.js\n---\n# ${name}\n`,
    },
    ...model.files(),
  ];
  const lines = [
    { key: "header", value: { summary: "demo model" } },
    ...files.map((file) => ({
      key: "file",
      value: { path: file.path, content: Buffer.from(file.content).toString("base64"), encoding: "base64" },
    })),
  ];
  const response = await fetch(`${hub.url}/api/models/bench/${name}/commit/main`, {
    method: "POST",
    headers: { ...headers, "Content-Type": "application/x-ndjson" },
    body: lines.map((line) => JSON.stringify(line)).join("\n"),
  });
  if (!response.ok) throw new Error(`commit failed: ${response.status} ${await response.text()}`);
  return { id: `bench/${name}`, files };
}


const demo = (id) => RUNNABLE_DEMO_MODELS.find((m) => m.id.endsWith(id));
const dataDir = mkdtempSync(path.join(tmpdir(), "prof-"));
const configFile = path.join(dataDir, "inference.json");
writeFileSync(configFile, JSON.stringify({ backends: [], limits: { requestsPerMinute: 1_000_000 } }));
const hub = await startHubProcess(dataDir, { MODELHUB_INFERENCE_CONFIG: configFile }, { cli: process.env.PROF ? "/tmp/profmain.mjs" : undefined });
const sentiment = await upload(hub, demo("/tiny-bert-sentiment-onnx"));
const call = (id, inputs) => fetch(`${hub.url}/hf-inference/models/${id}`, { method: "POST", headers: { Authorization: `Bearer ${hub.token}`, "Content-Type": "application/json" }, body: JSON.stringify({ inputs }) }).then(async (r) => { if (!r.ok) throw new Error(`${r.status} ${await r.text()}`); return r.json(); });
for (let i = 0; i < 300; i++) await call(sentiment.id, `warm ${i}`);
if (process.env.PROF) { process.kill(hub.pid, "SIGUSR2"); await new Promise((r) => setTimeout(r, 500)); }
const N = Number(process.env.N ?? 2000); const c1 = hub.cpuMs(); const s = [];
for (let i = 0; i < N; i++) { const t = performance.now(); await call(sentiment.id, `call number ${i}`); s.push(performance.now() - t); }
s.sort((a, b) => a - b);
console.log("inference hub cpu ms/call", ((hub.cpuMs() - c1) / N).toFixed(3), "p50", s[N >> 1].toFixed(3));
if (process.env.PROF) { process.kill(hub.pid, "SIGUSR2"); await new Promise((r) => setTimeout(r, 2000)); }
await hub.stop();
