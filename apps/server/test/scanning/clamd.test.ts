import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { SecurityFileStatus, TreeEntry } from "@modelhub/api-types";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveConfig } from "../../src/config/config.js";
import { dropPostgresSchema } from "../../src/db/open-database.js";
import { clamdScan, clamdVersion, type ClamdSettings } from "../../src/scanning/clamd/clamd-client.js";
import { startHub, type RunningHub } from "../../src/server.js";
import { DIALECTS, bearer } from "../platform/helpers/test-hub.js";
import { EICAR, MARKER, TESTFILES, clamdBinary, startClamd, type Clamd } from "./clamd-fixture.js";
import { commitFiles, createRepo, waitForScans } from "./helpers.js";

const BINARY = clamdBinary();
if (!BINARY) console.warn("clamd tests: skipped, clamd is not installed (apt-get install clamav-daemon)");

describe.skipIf(!BINARY)("ClamAV through a real clamd", () => {
  let clamd: Clamd;
  let settings: ClamdSettings;

  beforeAll(async () => {
    clamd = await startClamd(BINARY!);
    settings = { address: { socket: clamd.socket }, timeoutMs: 20_000, maxStreamBytes: 64 * 1024 * 1024 };
  });
  afterAll(async () => {
    await clamd?.stop();
  });

  it("finds EICAR, the custom signature and Debian's test files over INSTREAM; clean bytes are OK", async () => {
    expect(await clamdVersion(settings)).toMatch(/^ClamAV \d/);
    expect(await clamdScan({ bytes: EICAR }, EICAR.length, settings)).toEqual({
      status: "unsafe",
      signature: "Eicar-Test-Signature.UNOFFICIAL",
    });
    const marked = Buffer.from(`weights…${MARKER}…more weights`);
    expect(await clamdScan({ bytes: marked }, marked.length, settings)).toEqual({
      status: "unsafe",
      signature: "ModelHub.Test.Marker.UNOFFICIAL",
    });
    const clean = randomBytes(3 * 1024 * 1024);
    expect(await clamdScan({ bytes: clean }, clean.length, settings)).toEqual({ status: "safe" });
    // a file above the hub's limit is not sent at all
    expect(
      (await clamdScan({ bytes: clean }, clean.length, { ...settings, maxStreamBytes: 1024 })).status,
    ).toBe("unscanned");
    const missing = { ...settings, address: { socket: path.join(os.tmpdir(), "no-such-clamd.sock") } };
    expect((await clamdScan({ bytes: clean }, clean.length, missing)).status).toBe("error");
  });

  it.skipIf(!fs.existsSync(TESTFILES))("detects clamav-testfiles inside archives and documents", async () => {
    for (const name of ["clam.exe", "clam.zip", "clam.7z", "clam.tar.gz", "clam.pdf", "clam.exe.bz2"]) {
      const file = path.join(TESTFILES, name);
      if (!fs.existsSync(file)) continue;
      const verdict = await clamdScan({ path: file }, fs.statSync(file).size, settings);
      expect(verdict, name).toEqual({ status: "unsafe", signature: "Clamav.Test.File-6.UNOFFICIAL" });
    }
  });

  describe.each(DIALECTS)("a hub's malware results (%s)", (dialect) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-clamd-hub-"));
    const schema = dialect === "postgres" ? `mh_clamd_${randomBytes(5).toString("hex")}` : undefined;
    let hub: RunningHub | undefined;
    let token = "";
    const start = async (env: Record<string, string>) => {
      const config = resolveConfig(
        { port: "0", host: "127.0.0.1", data: dataDir },
        {
          MODELHUB_SEED: "0",
          MODELHUB_WEB_DIR: path.join(dataDir, "no-web"),
          MODELHUB_EMBEDDED_INFERENCE: "0",
          ...(dialect === "postgres" ? { DATABASE_URL: process.env.DATABASE_URL! } : {}),
          ...env,
        },
      );
      hub = await startHub(config, { logger: pino({ level: "silent" }), databaseSchema: schema });
      return hub;
    };
    const statusOf = async (url: string, file: string): Promise<SecurityFileStatus | undefined> => {
      const tree = (await (
        await fetch(`${url}/api/models/alice/av/tree/main?expand=true`, { headers: bearer(token) })
      ).json()) as TreeEntry[];
      return tree.find((entry) => entry.path === file)?.securityFileStatus;
    };

    afterAll(async () => {
      await hub?.close();
      if (schema) await dropPostgresSchema(process.env.DATABASE_URL!, schema);
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it("without clamd the malware scan is unscanned; once clamd is configured every file is scanned again", async () => {
      let running = await start({});
      await running.services.accounts.ensureUser({ name: "alice" });
      token = (await running.services.accounts.createToken("alice", { displayName: "t", role: "write" }))
        .token;
      await createRepo(running.url, token, "alice/av");
      await commitFiles(running.url, token, "alice/av", [
        { path: "eicar.com.txt", bytes: EICAR },
        { path: "weights.bin", bytes: Buffer.concat([randomBytes(1024), Buffer.from(MARKER)]) },
        { path: "notes.txt", bytes: "nothing here" },
      ]);
      await waitForScans(running.url, token, "alice/av");
      expect(await statusOf(running.url, "eicar.com.txt")).toEqual(
        expect.objectContaining({
          status: "unscanned",
          avScan: expect.objectContaining({ status: "unscanned" }),
        }),
      );
      const admin = (await (
        await fetch(`${running.url}/api/admin/scans`, { headers: bearer(token) })
      ).json()) as {
        error?: string;
      };
      expect(admin.error).toMatch(/site admins/);
      await running.close();

      // the signature database changed (from none to clamd's): results are queued again at start
      running = await start({ MODELHUB_CLAMD_SOCKET: clamd.socket });
      const scans = await waitForScans(running.url, token, "alice/av");
      expect(scans.filesWithIssues).toEqual(
        expect.arrayContaining([
          { path: "eicar.com.txt", level: "unsafe" },
          { path: "weights.bin", level: "unsafe" },
        ]),
      );
      const eicar = await statusOf(running.url, "eicar.com.txt");
      expect(eicar?.status).toBe("unsafe");
      expect(eicar?.avScan).toEqual(
        expect.objectContaining({ status: "unsafe", message: "Eicar-Test-Signature.UNOFFICIAL" }),
      );
      expect(eicar?.avScan.version).toMatch(/^ClamAV /);
      expect((await statusOf(running.url, "notes.txt"))?.status).toBe("safe");
      expect((await statusOf(running.url, "weights.bin"))?.avScan.message).toBe(
        "ModelHub.Test.Marker.UNOFFICIAL",
      );
      // the admin page says clamd answers, with its version
      await running.services.accounts.ensureUser({ name: "root" });
      await running.services.hub.db
        .updateTable("users")
        .set({ is_admin: 1 })
        .where("name", "=", "root")
        .execute();
      const rootToken = (
        await running.services.accounts.createToken("root", { displayName: "t", role: "write" })
      ).token;
      const report = (await (
        await fetch(`${running.url}/api/admin/scans`, { headers: bearer(rootToken) })
      ).json()) as {
        clamd: { configured: boolean; reachable: boolean; version: string };
        findings: { path: string; status: string }[];
      };
      expect(report.clamd).toEqual(expect.objectContaining({ configured: true, reachable: true }));
      expect(report.findings.map((f) => f.path)).toEqual(
        expect.arrayContaining(["eicar.com.txt", "weights.bin"]),
      );
    }, 120_000);
  });
});
