import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXIT, runDownload, runUpload } from "../../src/transfer/index.js";
import { DIALECTS, captureIO, patternBytes, startTransferHub, type TransferHub } from "./hub-fixture.js";

const BIG_SIZE = 11 * 1024 * 1024 + 123;

describe.each(DIALECTS)("modelhub upload / download against the real hub (%s)", (dialect) => {
  let hub: TransferHub;
  let token: string;
  let work: string;
  let source: string;
  const files: Record<string, Buffer> = {
    "README.md": Buffer.from("---\nlicense: mit\n---\n# demo\n"),
    "config.json": Buffer.from('{"model_type": "bert"}\n'),
    "empty.txt": Buffer.alloc(0),
    "weights/big.bin": patternBytes(BIG_SIZE, 7),
  };
  const common = () => ["--endpoint", hub.url, "--token", token];

  beforeAll(async () => {
    hub = await startTransferHub(dialect);
    token = await hub.writeToken("alice");
    work = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-transfer-work-"));
    source = path.join(work, "source");
    for (const [name, bytes] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(source, name)), { recursive: true });
      fs.writeFileSync(path.join(source, name), bytes);
    }
  });

  afterAll(async () => {
    await hub?.stop();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  const expectSameFiles = (dir: string) => {
    for (const [name, bytes] of Object.entries(files))
      expect(fs.readFileSync(path.join(dir, name)).equals(bytes), name).toBe(true);
  };

  it("uploads a folder in one commit, sending the big file through LFS", async () => {
    const io = captureIO();
    expect(await runUpload(["alice/demo", source, ...common()], io), io.err.join("")).toBe(EXIT.ok);
    expect(io.out.join("")).toMatch(new RegExp(`^${hub.url}/alice/demo/commit/[0-9a-f]{40}\n$`));
    expect(io.err.join("")).toMatch(/uploaded 4 file\(s\).*1 LFS \(11\.5 MB sent\), 3 regular, 0 unchanged/);

    const tree = (await (
      await fetch(`${hub.url}/api/models/alice/demo/tree/main?recursive=true`)
    ).json()) as { path: string; lfs?: { oid: string } }[];
    const big = tree.find((e) => e.path === "weights/big.bin");
    expect(big?.lfs?.oid).toBe(createHash("sha256").update(files["weights/big.bin"]).digest("hex"));
  });

  it("a second upload of the same folder changes nothing", async () => {
    const io = captureIO();
    expect(await runUpload(["alice/demo", source, ...common()], io)).toBe(EXIT.ok);
    expect(io.err.join("")).toMatch(/nothing to commit: 4 file\(s\) already up to date/);
  });

  it("skips LFS objects the hub already stores (batch answer without an upload action)", async () => {
    const io = captureIO();
    const copy = path.join(work, "copy.bin");
    fs.writeFileSync(copy, files["weights/big.bin"]);
    expect(await runUpload(["alice/other", copy, "copy.bin", ...common()], io), io.err.join("")).toBe(
      EXIT.ok,
    );
    expect(io.err.join("")).toMatch(/1 LFS \(0 B sent, 11\.5 MB already on the hub\)/);
  });

  it("takes kernel repos, by --repo-type kernel or the kernels/ designation", async () => {
    const up = captureIO();
    expect(
      await runUpload(["alice/relu", source, "--repo-type", "kernel", ...common()], up),
      up.err.join(""),
    ).toBe(EXIT.ok);
    expect(up.out.join("")).toMatch(new RegExp(`^${hub.url}/kernels/alice/relu/commit/[0-9a-f]{40}\n$`));
    const info = await fetch(`${hub.url}/api/kernels/alice/relu`);
    expect(info.status).toBe(200);
    const target = path.join(work, "kernel-download");
    const down = captureIO();
    expect(
      await runDownload(["kernels/alice/relu", "--local-dir", target, ...common()], down),
      down.err.join(""),
    ).toBe(EXIT.ok);
    expectSameFiles(target);
    const wrong = captureIO();
    expect(await runDownload(["alice/relu", "--repo-type", "kernels", ...common()], wrong)).toBe(EXIT.usage);
    expect(wrong.err.join("")).toMatch(/--repo-type must be model, dataset, space or kernel, got "kernels"/);
  });

  // The hub adds .gitattributes (LFS tracking) to the commit, so the repo holds one file more than uploaded.
  it("downloads the repo back byte for byte, then skips verified files on a re-run", async () => {
    const target = path.join(work, "download-1");
    const io = captureIO();
    expect(await runDownload(["alice/demo", "--local-dir", target, ...common()], io), io.err.join("")).toBe(
      EXIT.ok,
    );
    expect(io.out.join("")).toBe(`${target}\n`);
    expectSameFiles(target);

    const again = captureIO();
    expect(await runDownload(["alice/demo", "--local-dir", target, ...common()], again)).toBe(EXIT.ok);
    expect(again.err.join("")).toMatch(/0 downloaded .*5 already complete and verified/);
  });

  it("resumes an interrupted download with a Range request and verifies it", async () => {
    const target = path.join(work, "download-2");
    const controller = new AbortController();
    const cut = 3 * 1024 * 1024;
    const first = captureIO({
      signal: controller.signal,
      onBytes: (e) => {
        if (e.path === "weights/big.bin" && e.done >= cut) controller.abort();
      },
    });
    expect(
      await runDownload(["alice/demo", "weights/big.bin", "--local-dir", target, ...common()], first),
    ).toBe(EXIT.interrupted);
    const partial = path.join(target, "weights/big.bin.incomplete");
    const partialSize = fs.statSync(partial).size;
    expect(partialSize).toBeGreaterThan(0);
    expect(partialSize).toBeLessThan(BIG_SIZE);
    expect(fs.existsSync(path.join(target, "weights/big.bin"))).toBe(false);

    const starts: number[] = [];
    const second = captureIO({ onBytes: (e) => starts.push(e.done) });
    expect(
      await runDownload(["alice/demo", "weights/big.bin", "--local-dir", target, ...common()], second),
      second.err.join(""),
    ).toBe(EXIT.ok);
    expect(starts[0]).toBe(partialSize);
    expect(second.err.join("")).toMatch(/1 downloaded .*1 resumed/);
    expect(fs.readFileSync(path.join(target, "weights/big.bin")).equals(files["weights/big.bin"])).toBe(true);
    expect(fs.existsSync(partial)).toBe(false);
  });

  it("re-downloads corrupted local files (LFS and regular)", async () => {
    const target = path.join(work, "download-1");
    const big = path.join(target, "weights/big.bin");
    const bytes = fs.readFileSync(big);
    bytes[1000] ^= 0xff;
    fs.writeFileSync(big, bytes);
    fs.writeFileSync(path.join(target, "config.json"), '{"model_type": "gpt2"}\n');
    const io = captureIO();
    expect(await runDownload(["alice/demo", "--local-dir", target, ...common()], io), io.err.join("")).toBe(
      EXIT.ok,
    );
    expect(io.err.join("")).toMatch(/2 downloaded .*2 replaced .*3 already complete/);
    expectSameFiles(target);
  });

  it("exits 4 when the bytes served do not match the hash", async () => {
    const oid = createHash("sha256").update(files["weights/big.bin"]).digest("hex");
    const stored = path.join(hub.dataDir, "lfs", oid.slice(0, 2), oid.slice(2, 4), oid.slice(4));
    const original = fs.readFileSync(stored);
    const damaged = Buffer.from(original);
    damaged[5] ^= 0x01;
    fs.writeFileSync(stored, damaged);
    try {
      const target = path.join(work, "download-3");
      const io = captureIO();
      expect(
        await runDownload(["alice/demo", "weights/big.bin", "--local-dir", target, ...common()], io),
      ).toBe(EXIT.verification);
      expect(io.err.join("")).toMatch(/verification failed: weights\/big\.bin: sha256 does not match/);
      expect(fs.existsSync(path.join(target, "weights/big.bin"))).toBe(false);
    } finally {
      fs.writeFileSync(stored, original);
    }
  });

  it("exit codes: usage 1, not found / auth 2, unreachable hub 3", async () => {
    const usage = captureIO();
    expect(await runDownload([], usage)).toBe(EXIT.usage);
    expect(await runUpload(["alice/demo", path.join(work, "does-not-exist"), ...common()], captureIO())).toBe(
      EXIT.usage,
    );
    expect(await runDownload(["not a repo"], captureIO())).toBe(EXIT.usage);

    const missingRepo = captureIO();
    expect(
      await runDownload(["alice/nope", "--local-dir", path.join(work, "x"), ...common()], missingRepo),
    ).toBe(EXIT.notFound);
    expect(missingRepo.err.join("")).toMatch(/not found/);
    const missingFile = captureIO();
    expect(
      await runDownload(
        ["alice/demo", "nope.txt", "--local-dir", path.join(work, "x"), ...common()],
        missingFile,
      ),
    ).toBe(EXIT.notFound);
    expect(missingFile.err.join("")).toMatch(/not in alice\/demo@main: nope\.txt/);
    const noToken = captureIO();
    expect(await runUpload(["alice/demo", source, "--endpoint", hub.url], noToken)).toBe(EXIT.notFound);
    expect(noToken.err.join("")).toMatch(/needs a write token/);
    const badToken = captureIO({ env: { HF_TOKEN: "hf_not_a_real_token", HF_ENDPOINT: hub.url } });
    expect(await runUpload(["alice/demo", source], badToken)).toBe(EXIT.notFound);

    const closed = captureIO({ env: { HF_ENDPOINT: "http://127.0.0.1:9" } });
    expect(await runDownload(["alice/demo", "--local-dir", path.join(work, "x")], closed)).toBe(EXIT.network);
    expect(closed.err.join("")).toMatch(/cannot reach http:\/\/127\.0\.0\.1:9/);
  });
});
