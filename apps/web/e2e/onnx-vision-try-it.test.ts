import zlib from "node:zlib";
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BrowserSession, screenshot, signIn, watchErrors } from "./support/browser.js";
import { startHub, type RunningHub } from "./support/hub.js";
import { missingPrerequisite } from "./support/paths.js";

const skipReason = missingPrerequisite();
if (skipReason) console.warn(`[@modelhub/web e2e] vision try-it skipped: ${skipReason}`);

const USER = "vision-visitor";
const PASSWORD = "vision-visitor-pass-1";
const demo = (name: string) => `/modelhub-demo/${name}`;

/** A 160×120 RGB PNG written by hand: a gradient with two coloured discs. */
function picture(): Buffer {
  const width = 160;
  const height = 120;
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc(height * (1 + width * 3));
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      let rgb = [60 + (x * 120) / width, 120 + (y * 100) / height, 190];
      if ((x - 50) ** 2 + (y - 55) ** 2 < 30 ** 2) rgb = [225, 60, 50];
      if ((x - 115) ** 2 + (y - 70) ** 2 < 25 ** 2) rgb = [245, 200, 40];
      rows.set(rgb, y * (1 + width * 3) + 1 + x * 3);
    }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** The vision demo models' try-it forms on a hub started like `npm start`: light, dark and phone. */
describe.skipIf(skipReason !== undefined)("the vision demo models' try-it boxes, in Chromium", () => {
  let hub: RunningHub;
  const session = new BrowserSession();

  beforeAll(async () => {
    hub = await startHub();
    await hub.seeded;
    await hub.createUser(USER, PASSWORD);
    await session.start();
  });
  afterAll(async () => {
    await session.close();
    await hub?.stop();
  });
  afterEach((test) => session.screenshotIfFailed(test, "vision-try-it"));

  const box = (page: Page) => page.getByTestId("try-it");
  /** Opens a demo model, chooses the picture and computes; the answer (not an error) appears. */
  async function compute(page: Page, model: string, fill: Record<string, string> = {}): Promise<void> {
    await page.goto(demo(model));
    await box(page)
      .getByTestId("try-it-image")
      .setInputFiles({ name: "picture.png", mimeType: "image/png", buffer: picture() });
    await box(page).getByTestId("try-it-thumb").waitFor();
    for (const [testId, value] of Object.entries(fill)) await box(page).getByTestId(testId).fill(value);
    await box(page).getByRole("button", { name: "Compute" }).click();
    await box(page).getByTestId("try-it-output").waitFor({ timeout: 60_000 });
    expect(await box(page).locator('[role="alert"]').count()).toBe(0);
  }
  const signInPhone = async (page: Page) => {
    // The phone layout folds the user menu away: wait for the sign-in page to be left instead.
    await page.goto("/login");
    await page.getByLabel("Username").fill(USER);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));
  };

  it("draws detected boxes and segmentation masks over the image (light)", async () => {
    const page = await session.newPage(hub.url);
    const errors = watchErrors(page);
    await signIn(page, USER, PASSWORD);
    await compute(page, "tiny-detr-object-detection-onnx", { "try-it-threshold": "0.1" });
    expect(await box(page).getByTestId("try-it-box").count()).toBeGreaterThan(0);
    await box(page).scrollIntoViewIfNeeded();
    await screenshot(page, "vision-try-it-01-object-detection", false);

    await compute(page, "tiny-segformer-segmentation-onnx");
    expect(await box(page).getByTestId("try-it-mask").count()).toBeGreaterThan(0);
    // A mask tints only its own pixels: its CSS mask is the answer's grey-level PNG.
    const mask = await box(page)
      .getByTestId("try-it-mask")
      .first()
      .evaluate((el) => getComputedStyle(el).maskImage);
    expect(mask).toMatch(/^url\("data:image\/png;base64,/);
    await box(page).locator(".try-it-chip").first().hover();
    await screenshot(page, "vision-try-it-02-segmentation", false);
    expect(errors).toEqual([]);
  });

  it("shows zero-shot boxes for typed labels and the depth image (dark)", async () => {
    const page = await session.newPage(hub.url, { dark: true });
    await signIn(page, USER, PASSWORD);
    await compute(page, "tiny-owlvit-detection-onnx", { "try-it-labels": "red ball, yellow ball" });
    const labels = await box(page).locator(".try-it-box-label").allTextContents();
    expect(labels.length).toBeGreaterThan(0);
    expect(labels.every((text) => /^(red ball|yellow ball) \d\.\d\d$/.test(text))).toBe(true);
    await screenshot(page, "vision-try-it-03-zero-shot-detection-dark", false);

    await compute(page, "tiny-dpt-depth-onnx");
    await expect
      .poll(() =>
        box(page)
          .getByTestId("try-it-depth")
          .locator("img")
          .nth(1)
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBe(160);
    await screenshot(page, "vision-try-it-04-depth-dark", false);
  });

  it("captions, scores labels, upscales and answers a document question (phone)", async () => {
    const page = await session.newPage(hub.url, { width: 390, height: 844 });
    await signInPhone(page);
    await compute(page, "tiny-vit-gpt2-captioning-onnx");
    expect((await box(page).getByTestId("try-it-generated").textContent())?.trim()).not.toBe("");

    await compute(page, "tiny-clip-zero-shot-onnx", { "try-it-labels": "cat, dog, a red ball" });
    expect(await box(page).locator(".try-it-bar").count()).toBe(3);
    await screenshot(page, "vision-try-it-05-zero-shot-phone", false);

    await compute(page, "tiny-swin2sr-upscaler-onnx");
    await expect
      .poll(() => box(page).getByTestId("try-it-image-answer").textContent())
      .toMatch(/320×240 pixels/);
    await screenshot(page, "vision-try-it-06-upscaled-phone", false);

    await compute(page, "tiny-donut-docvqa-onnx", { "try-it-question": "What is the total?" });
    await box(page).getByTestId("try-it-generated").waitFor();
  });
});
