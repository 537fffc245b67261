import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BrowserSession, screenshot, signIn, watchErrors } from "./support/browser.js";
import { startHub, type RunningHub } from "./support/hub.js";
import { missingPrerequisite } from "./support/paths.js";

const skipReason = missingPrerequisite();
if (skipReason) console.warn(`[@modelhub/web e2e] ONNX task-family try-it skipped: ${skipReason}`);

const USER = "family-visitor";
const PASSWORD = "family-visitor-pass-1";
const demo = (name: string) => `/modelhub-demo/${name}`;

/** Two seconds of a 440 Hz tone as a 16 kHz mono 16-bit WAV, written out (no audio library in the e2e tests). */
function wav(): Buffer {
  const rate = 16_000;
  const samples = rate * 2;
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++)
    data.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)), i * 2);
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "ascii");
  header.writeUInt32LE(36 + data.length, 4);
  header.write("WAVEfmt ", 8, "ascii");
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36, "ascii");
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** The task-family demo models' try-it forms on a hub started like `npm start`: light, dark and phone. */
describe.skipIf(skipReason !== undefined)("the task-family demo models' try-it boxes, in Chromium", () => {
  let hub: RunningHub;
  const session = new BrowserSession();

  beforeAll(async () => {
    hub = await startHub();
    await hub.seeded;
    await hub.createUser(USER, PASSWORD);
    // A fake microphone (a beep), granted without a prompt: the recording path runs for real.
    await session.start(["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"]);
  });
  afterAll(async () => {
    await session.close();
    await hub?.stop();
  });
  afterEach((test) => session.screenshotIfFailed(test, "onnx-family-try-it"));

  const box = (page: Page) => page.getByTestId("try-it");
  const run = async (page: Page, label: string) => {
    await box(page).getByRole("button", { name: label }).click();
    await box(page).getByTestId("try-it-output").waitFor({ timeout: 120_000 });
    expect(await box(page).locator('[role="alert"]').count()).toBe(0);
  };

  it("translates with language codes (light) and streams a chat answer", async () => {
    const page = await session.newPage(hub.url);
    const errors = watchErrors(page);
    await signIn(page, USER, PASSWORD);
    await page.goto(demo("tiny-nllb-translation-onnx"));
    await box(page).getByTestId("try-it-input").fill("My name is Wolfgang and I live in Berlin");
    await box(page).getByTestId("try-it-src-lang").fill("eng_Latn");
    await box(page).getByTestId("try-it-tgt-lang").fill("deu_Latn");
    await run(page, "Compute");
    expect((await box(page).getByTestId("try-it-generated").innerText()).length).toBeGreaterThan(0);
    await screenshot(page, "onnx-family-01-translation", false);

    await page.goto(demo("tiny-llama-chat-onnx"));
    await box(page).locator("textarea").first().fill("Hello, tiny model");
    await box(page).getByRole("button", { name: "Send" }).click();
    await box(page).locator(".try-it-turn").nth(1).waitFor({ timeout: 60_000 });
    await box(page).getByRole("button", { name: "Send" }).waitFor({ timeout: 60_000 });
    expect((await box(page).locator(".try-it-turn").nth(1).innerText()).length).toBeGreaterThan(0);
    await screenshot(page, "onnx-family-02-chat", false);
    expect(errors).toEqual([]);
  });

  it("transcribes an uploaded clip with timestamps (dark) and a microphone recording", async () => {
    const page = await session.newPage(hub.url, { dark: true });
    await page.context().grantPermissions(["microphone"], { origin: hub.url });
    const errors = watchErrors(page);
    await signIn(page, USER, PASSWORD);
    await page.goto(demo("tiny-whisper-onnx"));
    await box(page)
      .getByTestId("try-it-audio")
      .setInputFiles({ name: "tone.wav", mimeType: "audio/wav", buffer: wav() });
    await box(page).getByTestId("try-it-input-player").waitFor();
    await box(page).getByTestId("try-it-timestamps").check();
    await run(page, "Compute");
    await box(page).getByTestId("try-it-segments").waitFor();
    expect(await box(page).getByTestId("try-it-segments").innerText()).toMatch(/\[\d+\.\d\d s →/);
    await screenshot(page, "onnx-family-03-speech-recognition-dark", false);

    // Record two seconds from the (fake) microphone: MediaRecorder's WebM/Opus goes to the hub as is.
    await box(page).getByTestId("try-it-timestamps").uncheck();
    await box(page).getByTestId("try-it-record").click();
    await page.waitForTimeout(2000);
    await box(page).getByTestId("try-it-record-stop").click();
    await box(page).getByTestId("try-it-input-player").waitFor();
    await box(page).getByRole("button", { name: "Compute" }).click();
    await box(page).getByTestId("try-it-transcript").waitFor({ timeout: 120_000 });
    expect(await box(page).locator('[role="alert"]').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("classifies audio and speaks text into a player (phone)", async () => {
    const phone = await session.newPage(hub.url, { width: 390, height: 844 });
    await phone.goto("/login");
    await phone.getByLabel("Username").fill(USER);
    await phone.getByLabel("Password").fill(PASSWORD);
    await phone.getByRole("button", { name: "Sign in" }).click();
    await phone.waitForURL((url) => !url.pathname.startsWith("/login"));
    await phone.goto(demo("tiny-wav2vec2-keywords-onnx"));
    await box(phone)
      .getByTestId("try-it-audio")
      .setInputFiles({ name: "tone.wav", mimeType: "audio/wav", buffer: wav() });
    await run(phone, "Compute");
    expect(await box(phone).locator(".try-it-bar").count()).toBe(5);
    await screenshot(phone, "onnx-family-04-audio-classification-phone", false);

    await phone.goto(demo("tiny-vits-tts-onnx"));
    await box(phone).getByTestId("try-it-input").fill("The answer to the universe is 42");
    await run(phone, "Speak");
    const player = box(phone).getByTestId("try-it-player");
    await player.waitFor();
    // The WAV the hub answered decodes in the browser: the player knows its duration.
    await phone.waitForFunction(
      () =>
        (document.querySelector('[data-testid="try-it-player"]') as HTMLAudioElement | null)?.duration ??
        0 > 0,
    );
    expect(await player.evaluate((el) => (el as HTMLAudioElement).duration)).toBeGreaterThan(1);
    await screenshot(phone, "onnx-family-05-text-to-speech-phone", false);
  });
});
