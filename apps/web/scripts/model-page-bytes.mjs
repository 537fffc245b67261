#!/usr/bin/env node
// Counts the JavaScript a cold model page load moves over the wire (encoded body bytes, as the browser
// received them) against a running hub, next to the decoded size. Usage:
//   node apps/web/scripts/model-page-bytes.mjs http://127.0.0.1:8080 [owner/name]
import { chromium } from "playwright-core";

const [hub = "http://127.0.0.1:8080", requestedModel] = process.argv.slice(2);

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
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});
const scripts = [];
try {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.on("requestfinished", (request) => {
    if (request.resourceType() === "script") scripts.push(request);
  });
  await page.goto(`${hub}/${model}`);
  await page.locator('[data-testid="inference-snippet"] pre').waitFor();
  await page.locator(".markdown").first().waitFor();
  await page.waitForLoadState("networkidle");
  let wire = 0;
  let decoded = 0;
  const encodings = new Set();
  for (const request of scripts) {
    const response = await request.response();
    const sizes = await request.sizes();
    wire += sizes.responseBodySize;
    decoded += (await response?.body())?.length ?? 0;
    encodings.add((await response?.headerValue("content-encoding")) ?? "identity");
  }
  const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
  console.log(`model page ${model}: ${scripts.length} scripts`);
  console.log(`  JavaScript on the wire: ${kb(wire)} (${[...encodings].join(", ")})`);
  console.log(`  JavaScript decoded:     ${kb(decoded)}`);
  await context.close();
} finally {
  await browser.close();
}
