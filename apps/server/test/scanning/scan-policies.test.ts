import { execFile, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { fileURLToPath } from "node:url";
import type { AdminScansReport, MirrorReport } from "@modelhub/api-types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, startHubProcess, type HubProcess } from "../mirror/hub-process.js";
import { randomFile, seedModel } from "../mirror/seed-upstream.js";
import { ClientHomes, PY_CLIENTS, runPython } from "../platform/helpers/python-clients.js";
import { DIALECTS, bearer, postJson, startTestHub, type TestHub } from "../platform/helpers/test-hub.js";
import { buildCorpus } from "./corpus.js";
import { HOLD_MARKER, startFakeClamd, type FakeClamd } from "./fake-clamd.js";
import { commitFiles, createRepo, waitForScans } from "./helpers.js";

const run = promisify(execFile);
const MAIN = fileURLToPath(new URL("../../dist/cli/main.js", import.meta.url));
const DOWNLOAD = path.join(path.dirname(fileURLToPath(import.meta.url)), "download_check.py");
const UPSTREAM_ADMIN = "hf_scanupstream000000000000000000000000";
const MIRROR_ADMIN = "hf_scanmirror00000000000000000000000000";

/** The mirror's answer for a file, and its error when refused. */
async function get(url: string, token?: string, method = "GET") {
  const response = await fetch(url, { method, headers: token ? bearer(token) : {} });
  const text = method === "HEAD" ? "" : await response.text();
  let error: string | undefined;
  try {
    error = (JSON.parse(text) as { error?: string }).error;
  } catch {
    error = undefined;
  }
  return { status: response.status, text, error, headers: response.headers };
}

describe("scan policies end to end: block-unsafe on a mirror with curation rules, and on local uploads", () => {
  let upstream: HubProcess;
  let mirror: HubProcess;
  let clamd: FakeClamd;
  const corpus = buildCorpus();
  const homes = new ClientHomes("modelhub-scan-policy-");
  const evil = fs.readFileSync(path.join(corpus.dir, "os_system_p2.pkl"));
  const safetensors = fs.readFileSync(path.join(corpus.dir, "model.safetensors"));
  const big = randomFile("big.bin", 2 * 1024 * 1024);
  const m = (p: string) => `${mirror.url}${p}`;
  const upstreamGets = (file: string) =>
    upstream.log.filter(
      (e) => e.method === "GET" && e.path?.includes("/resolve/") && e.path.endsWith(`/${file}`),
    ).length;

  beforeAll(async () => {
    clamd = await startFakeClamd();
    upstream = await startHubProcess({ MODELHUB_ADMIN_TOKEN: UPSTREAM_ADMIN });
    await seedModel(upstream.url, UPSTREAM_ADMIN, "admin/mixed", [
      { path: "README.md", content: "---\nlicense: apache-2.0\n---\n# mixed\n" },
      { path: "model.safetensors", content: safetensors },
      { path: "pytorch_model.bin", content: evil },
      { path: big.path, content: big.bytes },
    ]);
    await seedModel(upstream.url, UPSTREAM_ADMIN, "admin/noncommercial", [
      { path: "README.md", content: "---\nlicense: cc-by-nc-4.0\n---\n# nc\n" },
      { path: "model.safetensors", content: safetensors },
    ]);
    await seedModel(upstream.url, UPSTREAM_ADMIN, "admin/tagged", [
      { path: "README.md", content: "---\nlicense: mit\ntags:\n- no-mirror\n---\n# tagged\n" },
    ]);
    mirror = await startHubProcess({
      MODELHUB_ADMIN_TOKEN: MIRROR_ADMIN,
      MODELHUB_UPSTREAM_URL: upstream.url,
      MODELHUB_SCAN_POLICY: "block-unsafe",
      MODELHUB_SCAN_WORKERS: "2",
      MODELHUB_SCAN_WAIT_S: "3",
      MODELHUB_CLAMD_SOCKET: clamd.socket,
      MODELHUB_MIRROR_LICENSES_DENY: "cc-by-nc-4.0",
      MODELHUB_MIRROR_DENY_TAGS: "no-mirror",
      MODELHUB_MIRROR_MAX_FILE_GB: "0.001",
    });
  }, 180_000);
  afterAll(async () => {
    clamd?.release();
    await mirror?.stop();
    await upstream?.stop();
    await clamd?.close();
    homes.removeAll();
    fs.rmSync(corpus.dir, { recursive: true, force: true });
  });

  it("refuses the unsafe upstream file (403 naming the finding, never served from the cache) and serves the safe ones", async () => {
    const refused = await get(m("/admin/mixed/resolve/main/pytorch_model.bin"));
    expect(refused.status).toBe(403);
    expect(refused.error).toMatch(/pytorch_model\.bin is refused by this hub's scan policy \(block-unsafe\)/);
    expect(refused.error).toMatch(/posix\.system \(dangerous\)/);
    expect(refused.text).not.toContain("echo pwned");
    // fetched once into the cache, scanned there, and still never served: GET, HEAD and a range alike
    expect(upstreamGets("pytorch_model.bin")).toBe(1);
    expect((await get(m("/admin/mixed/resolve/main/pytorch_model.bin"))).status).toBe(403);
    expect((await get(m("/admin/mixed/resolve/main/pytorch_model.bin"), undefined, "HEAD")).status).toBe(403);
    const ranged = await fetch(m("/admin/mixed/resolve/main/pytorch_model.bin"), {
      headers: { Range: "bytes=0-9" },
    });
    expect(ranged.status).toBe(403);
    expect(upstreamGets("pytorch_model.bin")).toBe(1);

    const ok = await fetch(m("/admin/mixed/resolve/main/model.safetensors"));
    expect(ok.status).toBe(200);
    expect(Buffer.from(await ok.arrayBuffer()).equals(safetensors)).toBe(true);
    expect((await get(m("/admin/mixed/resolve/main/README.md"))).status).toBe(200);
    const tree = (await (await fetch(m("/api/models/admin/mixed/tree/main?expand=true"))).json()) as {
      path: string;
      securityFileStatus?: { status: string };
    }[];
    const statuses = Object.fromEntries(tree.map((entry) => [entry.path, entry.securityFileStatus?.status]));
    expect(statuses["pytorch_model.bin"]).toBe("unsafe");
    expect(statuses["model.safetensors"]).toBe("safe");
  });

  it("refuses repos whose licence or tag a curation rule denies, and files over the size limit, naming the rule", async () => {
    const licence = await get(m("/api/models/admin/noncommercial"));
    expect(licence.status).toBe(403);
    expect(licence.error).toMatch(/licence cc-by-nc-4\.0 is denied \(MODELHUB_MIRROR_LICENSES_DENY\)/);
    expect((await get(m("/admin/noncommercial/resolve/main/model.safetensors"))).status).toBe(403);
    const tagged = await get(m("/api/models/admin/tagged"));
    expect(tagged.status).toBe(403);
    expect(tagged.error).toMatch(/tag no-mirror is denied/);
    const large = await get(m("/admin/mixed/resolve/main/big.bin"));
    expect(large.status).toBe(403);
    expect(large.error).toMatch(
      /big\.bin is refused by this mirror's curation rules: .*MODELHUB_MIRROR_MAX_FILE_GB/,
    );
    expect(upstreamGets("big.bin")).toBe(0);
    // refused repos never became mirrored repos
    const report = (await (await api(m("/api/admin/mirror"), MIRROR_ADMIN)).json()) as MirrorReport;
    expect(report.repos.map((r) => r.id)).toEqual(["admin/mixed"]);
    expect(report.curation).toEqual(
      expect.objectContaining({
        licensesDeny: ["cc-by-nc-4.0"],
        denyTags: ["no-mirror"],
        maxFileBytes: 1_000_000,
      }),
    );
    expect(report.refusals.map((r) => [r.repoId, r.rule])).toEqual(
      expect.arrayContaining([
        ["admin/noncommercial", "license-deny:cc-by-nc-4.0"],
        ["admin/tagged", "tag:no-mirror"],
        ["admin/mixed", "max-file-size"],
      ]),
    );
  });

  it.skipIf(PY_CLIENTS.length === 0)(
    "hf_hub_download fails with the hub's message for the unsafe file",
    async () => {
      const run = await runPython(DOWNLOAD, {
        // the 1.x client's file locks need a newer filelock than Debian's python3 has
        ...homes.env(PY_CLIENTS.find((client) => client.includes("0.36")) ?? PY_CLIENTS[0], mirror.url),
        SCAN_REPO: "admin/mixed",
        SCAN_FILES: "model.safetensors,pytorch_model.bin",
      });
      expect(run.code, run.output).toBe(0);
      expect(run.output).toContain(`ok model.safetensors ${safetensors.length}`);
      expect(run.output).toMatch(/refused pytorch_model\.bin .*403.*refused by this hub's scan policy/);
    },
  );

  it("quarantines an unsafe upload, answers 409 while a verdict is pending, and serves what a site admin releases", async () => {
    await createRepo(mirror.url, MIRROR_ADMIN, "admin/local");
    await commitFiles(mirror.url, MIRROR_ADMIN, "admin/local", [
      { path: "evil.pkl", bytes: evil },
      { path: "held.bin", bytes: Buffer.from(`weights ${HOLD_MARKER}`) },
      { path: "ok.safetensors", bytes: safetensors },
    ]);
    // the held file's malware scan hangs: its verdict is pending, so it is not served
    const pending = await get(m("/admin/local/resolve/main/held.bin"));
    expect(pending.status).toBe(409);
    expect(pending.headers.get("Retry-After")).toBe("5");
    expect(pending.error).toMatch(/held\.bin is being scanned/);
    clamd.release();
    await waitForScans(mirror.url, MIRROR_ADMIN, "admin/local");
    expect((await get(m("/admin/local/resolve/main/held.bin"))).status).toBe(200);
    expect((await get(m("/admin/local/resolve/main/ok.safetensors"))).status).toBe(200);
    const quarantined = await get(m("/admin/local/resolve/main/evil.pkl"));
    expect(quarantined.status).toBe(403);
    // `raw` of an LFS file is its pointer text, not the pickle: that stays readable
    const pointer = await get(m("/admin/local/raw/main/evil.pkl"));
    expect(pointer.status).toBe(200);
    expect(pointer.text).toMatch(/^version https:\/\/git-lfs/);

    const report = (await (await api(m("/api/admin/scans"), MIRROR_ADMIN)).json()) as AdminScansReport;
    expect(report.policy).toBe("block-unsafe");
    // evil.pkl has the bytes of the mirror's refused pytorch_model.bin: one content, one result
    expect(report.quarantined).toBeGreaterThanOrEqual(1);
    const evilKey = `lfs:${createHash("sha256").update(evil).digest("hex")}`;
    const finding = report.findings.find((f) => f.key === evilKey);
    expect(finding?.status).toBe("unsafe");
    expect(
      report.refusals.some((r) => r.kind === "download" && r.path === "evil.pkl" && r.rule === "unsafe"),
    ).toBe(true);

    // releasing needs a site admin's write token and a reason
    expect(
      (await postJson(m("/api/admin/scans/release"), { key: finding!.key, reason: "" }, MIRROR_ADMIN)).status,
    ).toBe(400);
    expect(
      (await postJson(m("/api/admin/scans/release"), { key: "lfs:nope", reason: "x" }, MIRROR_ADMIN)).status,
    ).toBe(400);
    expect((await postJson(m("/api/admin/scans/release"), { key: finding!.key, reason: "x" })).status).toBe(
      401,
    );
    const released = await postJson(
      m("/api/admin/scans/release"),
      { key: finding!.key, reason: "our own test fixture" },
      MIRROR_ADMIN,
    );
    expect(released.status).toBe(200);
    expect(await released.json()).toEqual(
      expect.objectContaining({ by: "admin", reason: "our own test fixture" }),
    );
    // the release is in the audit log, with its reason and the file it names
    const audit = (await (
      await api(m("/api/admin/audit-log?q=type:admin.scan_release"), MIRROR_ADMIN)
    ).json()) as {
      events: { type: string; author: { user: string | null }; data: Record<string, unknown> }[];
    };
    expect(audit.events).toHaveLength(1);
    expect(audit.events[0]!.author.user).toBe("admin");
    expect(audit.events[0]!.data).toMatchObject({ key: finding!.key, reason: "our own test fixture" });
    const served = await fetch(m("/admin/local/resolve/main/evil.pkl"));
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(evil)).toBe(true);

    const metrics = await (await api(m("/metrics"), MIRROR_ADMIN)).text();
    expect(metrics).toMatch(/modelhub_scan_refusals_total\{kind="download",rule="unsafe"\} [1-9]/);
    expect(metrics).toMatch(/modelhub_scan_refusals_total\{kind="mirror",rule="license-deny"\} [1-9]/);
    expect(metrics).toMatch(/modelhub_scan_releases_total [1-9]/);
    expect(metrics).toMatch(/modelhub_scans_total\{kind="pickle",status="unsafe"\} [1-9]/);
  });

  it("refuses a git clone or fetch whose history reaches an unsafe file kept in git (not LFS), with git's own error", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-scan-clone-"));
    const env = { ...process.env, GIT_TERMINAL_PROMPT: "0", GIT_LFS_SKIP_SMUDGE: "1" };
    const remote = mirror.url.replace("://", `://admin:${MIRROR_ADMIN}@`);
    const git = (args: string[], cwd = dir) => run("git", args, { cwd, env });
    try {
      await createRepo(mirror.url, MIRROR_ADMIN, "admin/in-git");
      await commitFiles(mirror.url, MIRROR_ADMIN, "admin/in-git", [{ path: "notes.md", bytes: "# notes\n" }]);
      await waitForScans(mirror.url, MIRROR_ADMIN, "admin/in-git");
      await git(["clone", "-q", `${remote}/admin/in-git`, "work"]);
      const work = path.join(dir, "work");
      // one push of two commits: the pickle (a `.dat` file: no LFS rule routes it) is added, then removed;
      // no ref ever points at the commit holding it, and a clone still carries it
      fs.writeFileSync(path.join(work, "legacy.dat"), evil);
      await git(["add", "legacy.dat"], work);
      await git(["-c", "user.name=a", "-c", "user.email=a@b", "commit", "-qm", "add"], work);
      await git(["rm", "-q", "legacy.dat"], work);
      await git(["-c", "user.name=a", "-c", "user.email=a@b", "commit", "-qm", "remove"], work);
      await git(["push", "-q", "origin", "main"], work);
      // the pushed commits' files are scanned (the clone waits up to MODELHUB_SCAN_WAIT_S for verdicts)
      const refused = await git(["clone", "-q", `${remote}/admin/in-git`, "again"]).then(
        () => "cloned",
        (error: { stderr?: string }) => error.stderr ?? "",
      );
      expect(refused).toMatch(
        /remote error: git clone and fetch of admin\/in-git are refused by this hub's scan policy \(block-unsafe\)/,
      );
      expect(refused).toMatch(/legacy\.dat \(unsafe: pickle imports posix\.system \(dangerous\)\)/);
      expect(fs.existsSync(path.join(dir, "again"))).toBe(false);
      // a fetch of an existing clone is the same request, refused the same way
      await expect(git(["fetch", "-q", "origin"], work)).rejects.toThrow(/refused by this hub's scan policy/);
      // a client skipping the advertisement gets the JSON error
      const direct = await fetch(m("/admin/in-git/git-upload-pack"), {
        method: "POST",
        headers: { "Content-Type": "application/x-git-upload-pack-request", ...bearer(MIRROR_ADMIN) },
        body: "0000",
      });
      expect(direct.status).toBe(403);
      expect(((await direct.json()) as { error: string }).error).toMatch(/legacy\.dat/);
      // the other files stay downloadable over HTTP; released, the clone works again
      expect((await get(m("/admin/in-git/resolve/main/notes.md"), MIRROR_ADMIN)).status).toBe(200);
      const oid = (await git(["rev-parse", "HEAD~1:legacy.dat"], work)).stdout.trim();
      const release = await postJson(
        m("/api/admin/scans/release"),
        { key: `git:${oid}`, reason: "a fixture of the tests" },
        MIRROR_ADMIN,
      );
      expect(release.status).toBe(200);
      await git(["clone", "-q", `${remote}/admin/in-git`, "released"]);
      expect(fs.readFileSync(path.join(dir, "released", "notes.md"), "utf8")).toBe("# notes\n");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("modelhub scan --all queues every file again on the running hub", async () => {
    // spawned without blocking: the fake clamd answers from this process
    const run = await runCli(["scan", "--all", "--wait", "--endpoint", mirror.url], {
      HF_TOKEN: MIRROR_ADMIN,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/queued \d+ files for scanning/);
    expect(run.stdout).toMatch(/done: .*unsafe \d/);
    const rescans = (await (
      await api(m("/api/admin/audit-log?q=type:admin.scan_rescan"), MIRROR_ADMIN)
    ).json()) as { events: { data: { queued: number } }[] };
    expect(rescans.events.length).toBeGreaterThan(0);
    expect(rescans.events[0]!.data.queued).toBeGreaterThan(0);
    const refused = await runCli(["scan", "--all", "--endpoint", mirror.url], {});
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/site admin's write token/);
  });
});

function runCli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [MAIN, ...args], { env: { PATH: process.env.PATH ?? "", ...env } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe.each(DIALECTS)("block-unscanned (%s)", (dialect) => {
  let hub: TestHub;
  let token = "";
  const corpus = buildCorpus();
  beforeAll(async () => {
    hub = await startTestHub({ dialect, env: { MODELHUB_SCAN_POLICY: "block-unscanned" } });
    token = await hub.tokenFor("bob");
    await createRepo(hub.url, token, "bob/strict");
    await commitFiles(hub.url, token, "bob/strict", [
      { path: "state_dict.pkl", bytes: fs.readFileSync(path.join(corpus.dir, "state_dict.pkl")) },
      { path: "sklearn_model.pkl", bytes: fs.readFileSync(path.join(corpus.dir, "sklearn_model.pkl")) },
      { path: "notes.md", bytes: "# notes\n" },
    ]);
  }, 60_000);
  afterAll(async () => {
    await hub?.stop();
    fs.rmSync(corpus.dir, { recursive: true, force: true });
  });

  it("serves only what was scanned safe", async () => {
    // the first download waits for the verdict (a few ms here) instead of answering 409
    const first = await fetch(`${hub.url}/bob/strict/resolve/main/state_dict.pkl`, {
      headers: bearer(token),
    });
    expect(first.status).toBe(200);
    const caution = await get(`${hub.url}/bob/strict/resolve/main/sklearn_model.pkl`, token);
    expect(caution.status).toBe(403);
    expect(caution.error).toMatch(/only files scanned as safe are served, and this one is caution/);
    // a text file no scan applies to (no clamd here) is not scanned, so not served either
    const text = await get(`${hub.url}/bob/strict/resolve/main/notes.md`, token);
    expect(text.status).toBe(403);
    expect(text.error).toMatch(/this one is unscanned/);
    await waitForScans(hub.url, token, "bob/strict");
  });
});
