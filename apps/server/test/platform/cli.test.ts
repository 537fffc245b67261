import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/run.js";
import type { Output } from "../../src/cli/context.js";

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
