import { getInferenceSnippets } from "@modelhub/inference";
const tasks = process.argv.slice(2);
for (const task of tasks) {
  const id = `modelhub-demo/x-${task}`;
  const snippets = getInferenceSnippets({ id, pipeline_tag: task, tags: [] } as any, "hf-inference", undefined, { endpointUrl: `http://127.0.0.1:8080/hf-inference/models/${id}`, tokenVariable: "HF_TOKEN" } as any);
  console.log(`=== ${task}: ${snippets.length} snippets`);
  for (const s of snippets) console.log(`--- ${s.language}/${s.client}\n${s.content}`);
}
