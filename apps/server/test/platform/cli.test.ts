import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/run.js";
import type { Output } from "../../src/cli/context.js";
import { resolveConfig } from "../../src/config/config.js";

function capture(): Output & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (t) => stdout.push(t), err: (t) => stderr.push(t) };
}

describe("modelhub command", () => {
  let dataDir: string;
  const env = () => ({ MODELHUB_DATA: dataDir, MODELHUB_LOG_LEVEL: "silent" });

  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-cli-"));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it("prints usage", async () => {
    const io = capture();
    expect(await runCli(["--help"], {}, io)).toBe(0);
    expect(io.stdout.join("\n")).toMatch(/token create <user>/);
  });

  it("token create makes the user and prints an hf_ token", async () => {
    const io = capture();
    expect(await runCli(["token", "create", "erin", "--write"], env(), io)).toBe(0);
    expect(io.stdout).toHaveLength(1);
    expect(io.stdout[0]).toMatch(/^hf_[A-Za-z]{34}$/);
    expect(io.stderr.join("")).toMatch(/created user erin/);
  });

  it("token create without a user is a usage error", async () => {
    const io = capture();
    expect(await runCli(["token", "create"], env(), io)).toBe(2);
    expect(io.stderr.join("")).toMatch(/needs a user name/);
  });

  it("snippets for an unknown model fails clearly", async () => {
    const io = capture();
    expect(await runCli(["snippets", "nobody/nothing"], env(), io)).toBe(1);
    expect(io.stderr.join("")).toMatch(/not found/);
  });

  it("rejects unknown commands and bad settings", async () => {
    const io = capture();
    expect(await runCli(["frobnicate"], env(), io)).toBe(2);
    expect(await runCli(["serve", "--port", "abc"], env(), io)).toBe(1);
    expect(io.stderr.join("\n")).toMatch(/invalid port "abc"/);
  });

  it("exits non-zero with a clear message when the port is taken", async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      const io = capture();
      expect(await runCli(["serve", "--port", String(port), "--no-seed"], env(), io)).toBe(1);
      expect(io.stderr.join("")).toMatch(new RegExp(`port ${port} on 127.0.0.1 is already in use`));
    } finally {
      blocker.close();
    }
  });

  it("exits non-zero when the data folder is not writable", async () => {
    const file = path.join(dataDir, "a-file");
    fs.writeFileSync(file, "x");
    const io = capture();
    expect(await runCli(["serve", "--port", "0", "--data", path.join(file, "sub")], env(), io)).toBe(1);
    expect(io.stderr.join("")).toMatch(/data folder .* is not writable/);
  });

  it("exits non-zero when the database is unreachable", async () => {
    const io = capture();
    const code = await runCli(
      ["serve", "--port", "0"],
      { ...env(), DATABASE_URL: "postgres://nobody@127.0.0.1:1/none" },
      io,
    );
    expect(code).toBe(1);
    expect(io.stderr.join("")).toMatch(
      /cannot reach the database at postgres:\/\/nobody@127\.0\.0\.1:1\/none/,
    );
  });
});

const repoRoot = path.resolve(fileURLToPath(new URL("../../../..", import.meta.url)));
/** The built CLI (the run's global setup brings the build up to date): a third of tsx's start-up CPU. */
const cliMain = path.join(repoRoot, "apps/server/dist/cli/main.js");

/** The real `modelhub` command in its own process, run from `cwd`. */
function modelhub(args: string[], cwd: string, env: Record<string, string> = {}) {
  return spawn(process.execPath, [cliMain, ...args], {
    cwd,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", MODELHUB_LOG_LEVEL: "silent", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

function runModelhub(args: string[], cwd: string, env: Record<string, string> = {}) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const child = modelhub(args, cwd, env);
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

describe("modelhub commands next to a running hub, run from another folder", () => {
  let work: string;
  let dataDir: string;
  let elsewhere: string;
  let serve: ChildProcess | undefined;
  let hubUrl = "";

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-cli-run-"));
    dataDir = path.join(work, "hub-data");
    elsewhere = path.join(work, "somewhere-else");
    fs.mkdirSync(elsewhere);
    serve = modelhub(["serve", "--port", "0", "--no-seed"], work, { MODELHUB_DATA: dataDir });
    const runtime = path.join(dataDir, "hub.json");
    for (let i = 0; i < 300 && !fs.existsSync(runtime); i++) await new Promise((r) => setTimeout(r, 100));
    hubUrl = (JSON.parse(fs.readFileSync(runtime, "utf8")) as { url: string }).url;
    for (
      let i = 0;
      i < 100 && (await fetch(`${hubUrl}/api/models`).catch(() => undefined))?.status !== 200;
      i++
    )
      await new Promise((r) => setTimeout(r, 100));
  }, 60_000);
  afterAll(async () => {
    if (serve && serve.exitCode === null) {
      const exited = new Promise((resolve) => serve!.once("exit", resolve));
      serve.kill("SIGTERM");
      await exited;
    }
    fs.rmSync(work, { recursive: true, force: true });
  });

  it("the hub leaves its address in hub.json, on a port other than the default", () => {
    expect(hubUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(hubUrl).not.toMatch(/:8080$/);
  });

  it("everything the hub wrote into its data folder is readable by its own user only", async () => {
    // a commit makes the hub write a git repository as well as the database and secrets
    const made = await runModelhub(["token", "create", "perm-user", "--write"], elsewhere, {
      MODELHUB_DATA: dataDir,
    });
    const token = /hf_\w+/.exec(made.stdout)?.[0] ?? "";
    const created = await fetch(`${hubUrl}/api/repos/create`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        name: "perm-check",
        files: [{ path: "a.txt", content: "x", encoding: "utf-8" }],
      }),
    });
    expect(created.status).toBe(200);
    const open: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if ((fs.lstatSync(full).mode & 0o077) !== 0) open.push(full);
        if (entry.isDirectory()) walk(full);
      }
    };
    walk(dataDir);
    expect(open).toEqual([]);
    expect(fs.readdirSync(dataDir).length).toBeGreaterThan(2);
  });

  it("token create finds the hub through MODELHUB_DATA, says which hub, and the hub accepts the token", async () => {
    const result = await runModelhub(["token", "create", "wren", "--write"], elsewhere, {
      MODELHUB_DATA: dataDir,
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(`the hub running at ${hubUrl}`);
    expect(result.stderr).toContain(dataDir);
    const token = result.stdout.trim();
    const whoami = await fetch(`${hubUrl}/api/whoami-v2`, { headers: { Authorization: `Bearer ${token}` } });
    expect(whoami.status).toBe(200);
    expect(fs.readdirSync(elsewhere)).toEqual([]);

    const files = [
      {
        path: "README.md",
        content: "---\npipeline_tag: text-generation\nlibrary_name: transformers\n---\n# tiny\n",
      },
      { path: "config.json", content: '{"model_type":"gpt2","architectures":["GPT2LMHeadModel"]}' },
    ].map((file) => ({ ...file, encoding: "utf-8" }));
    const created = await fetch(`${hubUrl}/api/repos/create`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ name: "tiny", files }),
    });
    expect(created.status).toBe(200);
  });

  it("snippets use the running hub's address, not the default port", async () => {
    const result = await runModelhub(["snippets", "wren/tiny", "--language", "python"], elsewhere, {
      MODELHUB_DATA: dataDir,
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(hubUrl);
    expect(result.stdout).not.toContain("127.0.0.1:8080");
  });

  it("a data folder that does not exist is an error in one line, and nothing is created", async () => {
    const missing = path.join(work, "no-such-hub");
    const result = await runModelhub(["token", "create", "wren"], elsewhere, { MODELHUB_DATA: missing });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split("\n")).toEqual([
      `modelhub: no hub data folder ${missing} (from MODELHUB_DATA); start the hub with "modelhub serve" first`,
    ]);
    expect(fs.existsSync(missing)).toBe(false);
    expect(fs.readdirSync(elsewhere)).toEqual([]);
  });

  it("without --data or MODELHUB_DATA the data folder is the install's, not the current folder's", () => {
    const config = resolveConfig({}, {}, elsewhere);
    expect(config.dataDir).toBe(path.join(repoRoot, "data"));
    expect(config.dataDirFrom).toBe("default");
    expect(resolveConfig({ data: "rel" }, {}, elsewhere).dataDir).toBe(path.join(elsewhere, "rel"));
  });
});
