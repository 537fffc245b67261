#!/usr/bin/env node
// Measures how long a model page takes to become usable (model card rendered and the inference snippet
// shown) in headless Chromium against a running hub. Usage:
//   node apps/web/scripts/model-page-timing.mjs http://127.0.0.1:8080 [owner/name] [runs]
import { chromium } from "playwright-core";

const [hub = "http://127.0.0.1:8080", requestedModel, runsArg = "5"] = process.argv.slice(2);
const runs = Math.max(1, Number(runsArg));
const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

async function pickModel() {
  if (requestedModel) return requestedModel;
  const response = await fetch(`${hub}/api/models?inference_provider=all&limit=1&sort=downloads`);
  const [first] = response.ok ? await response.json() : [];
  if (!first) throw new Error("the hub lists no model served by a provider; pass a model id");
  return first.id;
}

const model = await pickModel();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ARGS,
});
const timings = [];
const snippetTimings = [];
try {
  for (let run = 0; run < runs; run++) {
    // A fresh context each run: nothing cached, like a first visit.
    const context = await browser.newContext();
    const page = await context.newPage();
    const started = performance.now();
    await page.goto(`${hub}/${model}`);
    await page.locator('[data-testid="inference-snippet"] pre').waitFor();
    snippetTimings.push(performance.now() - started);
    await page.locator(".markdown").first().waitFor();
    timings.push(performance.now() - started);
    await context.close();
  }
} finally {
  await browser.close();
}
function summary(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  return `${median.toFixed(0)} ms median (min ${sorted[0].toFixed(0)}, max ${sorted.at(-1).toFixed(0)})`;
}
console.log(`model page ${model}, ${runs} cold loads in headless Chromium:`);
console.log(`  inference snippet shown:          ${summary(snippetTimings)}`);
console.log(`  model card rendered too (usable): ${summary(timings)}`);
