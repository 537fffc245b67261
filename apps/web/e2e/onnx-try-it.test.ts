import zlib from "node:zlib";
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BrowserSession, screenshot, signIn, watchErrors } from "./support/browser.js";
import { startHub, type RunningHub } from "./support/hub.js";
import { missingPrerequisite } from "./support/paths.js";

const skipReason = missingPrerequisite();
if (skipReason) console.warn(`[@modelhub/web e2e] ONNX try-it skipped: ${skipReason}`);

const USER = "onnx-visitor";
const PASSWORD = "onnx-visitor-pass-1";
const demo = (name: string) => `/modelhub-demo/${name}`;

/** A 16×16 RGB PNG written by hand (no image library in the e2e tests). */
function png(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(16, 0);
  header.writeUInt32BE(16, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc(16 * (1 + 16 * 3), 90);
  for (let y = 0; y < 16; y++) rows[y * 49] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** The ONNX demo models' try-it forms on a hub started like `npm start`: light, dark and phone. */
describe.skipIf(skipReason !== undefined)("the ONNX demo models' try-it boxes, in Chromium", () => {
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
  afterEach((test) => session.screenshotIfFailed(test, "onnx-try-it"));

  const box = (page: Page) => page.getByTestId("try-it");
  const compute = async (page: Page) => {
    await box(page).getByRole("button", { name: "Compute" }).click();
    await box(page).getByTestId("try-it-output").waitFor({ timeout: 60_000 });
    expect(await box(page).locator('[role="alert"]').count()).toBe(0);
  };

  it("classifies text (light), scores zero-shot labels (dark) and an uploaded image (phone)", async () => {
    const light = await session.newPage(hub.url);
    const errors = watchErrors(light);
    await signIn(light, USER, PASSWORD);
    await light.goto(demo("tiny-bert-sentiment-onnx"));
    await box(light).getByTestId("try-it-input").fill("I love this movie");
    await compute(light);
    expect(await box(light).locator(".try-it-bar").count()).toBe(2);
    await screenshot(light, "onnx-try-it-01-text-classification", false);
    expect(errors).toEqual([]);

    const dark = await session.newPage(hub.url, { dark: true });
    await signIn(dark, USER, PASSWORD);
    await dark.goto(demo("tiny-bert-zero-shot-onnx"));
    await box(dark).getByTestId("try-it-input").fill("My phone broke");
    await box(dark).getByTestId("try-it-labels").fill("urgent, not urgent, phone");
    await compute(dark);
    expect(await box(dark).locator(".try-it-bar").count()).toBe(3);
    await screenshot(dark, "onnx-try-it-02-zero-shot-dark", false);

    const phone = await session.newPage(hub.url, { width: 390, height: 844 });
    // The phone layout folds the user menu away: wait for the sign-in page to be left instead.
    await phone.goto("/login");
    await phone.getByLabel("Username").fill(USER);
    await phone.getByLabel("Password").fill(PASSWORD);
    await phone.getByRole("button", { name: "Sign in" }).click();
    await phone.waitForURL((url) => !url.pathname.startsWith("/login"));
    await phone.goto(demo("tiny-vit-image-classification-onnx"));
    await box(phone)
      .getByTestId("try-it-image")
      .setInputFiles({ name: "cat.png", mimeType: "image/png", buffer: png() });
    await compute(phone);
    expect(await box(phone).locator(".try-it-bar").count()).toBe(5);
    await screenshot(phone, "onnx-try-it-03-image-phone", false);
  });
});
