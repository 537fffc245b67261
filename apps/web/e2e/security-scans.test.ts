import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BrowserSession, screenshot, signIn, watchErrors } from "./support/browser.js";
import { startHub, type RunningHub } from "./support/hub.js";
import { missingPrerequisite } from "./support/paths.js";

const skipReason = missingPrerequisite();
if (skipReason) console.warn(`[@modelhub/web e2e] security scan pages skipped: ${skipReason}`);

const ADMIN = "hf_security_e2e_admin_000000000000001";
const PASSWORD = "security-e2e-password-1";
const MODEL = "admin/risky-model";

/** A protocol 2 pickle calling os.system (written out opcode by opcode; nothing here unpickles it). */
const EVIL = Buffer.from(
  "\x80\x02cposix\nsystem\nq\x00X\x0a\x00\x00\x00echo pwnedq\x01\x85q\x02Rq\x03.",
  "latin1",
);
/** `{"a": 1}` at protocol 2. */
const BENIGN = Buffer.from("\x80\x02}q\x00X\x01\x00\x00\x00aq\x01K\x01s.", "latin1");

function safetensors(): Buffer {
  const header = Buffer.from(JSON.stringify({ w: { dtype: "F32", shape: [2], data_offsets: [0, 8] } }));
  const length = Buffer.alloc(8);
  length.writeBigUInt64LE(BigInt(header.length));
  return Buffer.concat([length, header, Buffer.alloc(8)]);
}

async function api(url: string, init: RequestInit = {}): Promise<Response> {
  return fetch(url, { ...init, headers: { Authorization: `Bearer ${ADMIN}`, ...init.headers } });
}

describe.skipIf(skipReason !== undefined)(
  "security scans in Chromium: badges, the file panel, the banner, the admin page",
  () => {
    let hub: RunningHub;
    const session = new BrowserSession();

    beforeAll(async () => {
      hub = await startHub({ seed: false, env: { MODELHUB_ADMIN_TOKEN: ADMIN } });
      await hub.createUser("admin", PASSWORD);
      const created = await api(`${hub.url}/api/repos/create`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ name: "risky-model", organization: "admin", type: "model" }),
      });
      expect(created.status).toBe(200);
      const files: [string, Buffer | string][] = [
        [
          "README.md",
          "---\nlicense: mit\nlibrary_name: transformers\n---\n# A model with a dangerous pickle\n",
        ],
        ["pytorch_model.bin", EVIL],
        ["optimizer_state.pkl", BENIGN],
        ["training_args.bin", BENIGN.subarray(0, 9)],
        ["model.safetensors", safetensors()],
      ];
      const lines = [
        { key: "header", value: { summary: "weights", description: "" } },
        ...files.map(([path, bytes]) => ({
          key: "file",
          value: { path, encoding: "base64", content: Buffer.from(bytes).toString("base64") },
        })),
      ];
      const commit = await api(`${hub.url}/api/models/${MODEL}/commit/main`, {
        method: "POST",
        headers: { "Content-Type": "application/x-ndjson" },
        body: lines.map((line) => JSON.stringify(line)).join("\n"),
      });
      expect(commit.status).toBe(200);
      for (let i = 0; i < 200; i++) {
        const scan = (await (await api(`${hub.url}/api/models/${MODEL}/scan`)).json()) as {
          scansDone: boolean;
        };
        if (scan.scansDone) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await session.start();
    }, 120_000);

    afterAll(async () => {
      await session.close();
      await hub?.stop();
    });

    afterEach((test) => session.screenshotIfFailed(test, "security"));

    const layouts = [
      { name: "light", dark: false },
      { name: "dark", dark: true },
      { name: "phone", dark: true, width: 390, height: 844 },
    ];
    for (const layout of layouts) {
      it(`shows the banner, the file badges and the import panel (${layout.name})`, async () => {
        const page = await session.newPage(hub.url, layout);
        const errors = watchErrors(page);
        await page.goto(`/${MODEL}`);
        const banner = page.getByTestId("security-banner");
        await banner.waitFor();
        expect(await banner.innerText()).toContain("This model has 1 file scanned as unsafe.");
        await banner.getByRole("button", { name: "Show them" }).click();
        const listed = page.getByTestId("security-banner-files");
        expect(await listed.innerText()).toContain("pytorch_model.bin (unsafe)");
        await screenshot(page, `security-banner-${layout.name}`);

        await page.goto(`/${MODEL}/tree/main`);
        const table = page.getByTestId("file-table");
        await table.waitFor();
        const badge = (file: string) =>
          table
            .locator("tr", { has: page.getByRole("link", { name: file, exact: true }) })
            .locator("[data-scan-status]");
        await badge("pytorch_model.bin").waitFor();
        expect(await badge("pytorch_model.bin").innerText()).toBe("Unsafe");
        expect(await badge("optimizer_state.pkl").innerText()).toBe("Safe");
        expect(await badge("model.safetensors").innerText()).toBe("Safe");
        expect(await badge("training_args.bin").innerText()).toBe("Suspicious");
        expect(await badge("README.md").count()).toBe(0);
        await screenshot(page, `security-files-${layout.name}`);

        await table.getByRole("link", { name: "pytorch_model.bin", exact: true }).click();
        const panel = page.getByTestId("security-panel");
        await panel.waitFor();
        expect(await panel.locator("[data-scan-status]").first().innerText()).toBe("Unsafe");
        const row = panel.locator('[data-import="posix.system"]');
        expect(await row.innerText()).toMatch(/posix\s+system\s+dangerous/);
        expect(await panel.locator('[data-scan-part="Malware (ClamAV)"]').innerText()).toContain(
          "Not scanned: no malware scanner configured",
        );
        await screenshot(page, `security-file-panel-${layout.name}`);
        expect(errors).toEqual([]);
      });
    }

    it("lets a site admin see the findings, say ClamAV is missing, and release a file with a reason", async () => {
      const page = await session.newPage(hub.url);
      const errors = watchErrors(page);
      await signIn(page, "admin", PASSWORD);
      await page.getByLabel("Account menu").click();
      await page.getByRole("link", { name: "Security scans" }).click();
      await page.waitForURL(/\/admin\/scans$/);
      const clamd = page.getByTestId("clamd-state");
      await clamd.waitFor();
      expect(await clamd.innerText()).toContain("ClamAV is not configured");
      const finding = page.locator('[data-testid="scan-findings"] [data-finding="pytorch_model.bin"]');
      await finding.waitFor();
      expect(await finding.innerText()).toContain("posix.system");
      await screenshot(page, "security-admin");
      await finding.getByLabel("Why pytorch_model.bin may be served").fill("a known test fixture");
      await finding.getByRole("button", { name: "Release" }).click();
      await finding.getByTestId("released").waitFor();
      expect(await finding.getByTestId("released").innerText()).toContain("a known test fixture");
      await page.getByRole("button", { name: "Scan every file again" }).click();
      expect(await page.getByTestId("rescan-result").innerText()).toMatch(/\d+ files queued/);
      await screenshot(page, "security-admin-released");
      // the file page says who released it and why
      await page.goto(`/${MODEL}/blob/main/pytorch_model.bin`);
      await page.getByTestId("scan-released").waitFor({ timeout: 30_000 });
      expect(errors).toEqual([]);
    });
  },
);
