import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { FileSource, BufferSource } from "../../src/scanning/scanner/byte-source.js";
import { scanContent, type ContentReport } from "../../src/scanning/scanner/scan-content.js";
import { importSafety } from "../../src/scanning/scanner/safety-rules.js";
import { buildCorpus } from "./corpus.js";

const SEVERITY = { safe: 0, caution: 1, suspicious: 2, unsafe: 3 } as const;
type Verdict = keyof typeof SEVERITY;

function verdictOf(report: ContentReport): Verdict {
  const statuses: Verdict[] = [report.pickle?.status ?? "safe", report.format?.status ?? "safe"];
  return statuses.reduce((worst, s) => (SEVERITY[s] > SEVERITY[worst] ? s : worst), "safe" as Verdict);
}

describe("the pickle scanner on a corpus Python wrote", () => {
  const corpus = buildCorpus();
  const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-scan-tmp-"));
  const options = { tmpDir, maxExpandBytes: 64 * 1024 * 1024 };
  afterAll(() => {
    fs.rmSync(corpus.dir, { recursive: true, force: true });
    fs.rmSync(tmpDir, { recursive: true, force: true });
  });

  it.each(corpus.files.map((f) => [f.file, f] as const))("%s", async (_name, entry) => {
    const source = new FileSource(path.join(corpus.dir, entry.file));
    let report: ContentReport;
    try {
      report = await scanContent(source, entry.file, options);
    } finally {
      source.close();
    }
    const detail = JSON.stringify(report, null, 1);
    expect(verdictOf(report), `${entry.note}\n${detail}`).toBe(entry.expect);
    const listed = new Map((report.pickle?.imports ?? []).map((i) => [`${i.module}.${i.name}`, i.safety]));
    for (const name of entry.imports) {
      expect(listed.has(name), `${name} missing in ${detail}`).toBe(true);
      if (
        entry.expect === "unsafe" &&
        importSafety(name.slice(0, name.lastIndexOf(".")), "x") !== "innocuous"
      )
        expect(["dangerous", "suspicious"]).toContain(listed.get(name));
    }
    // the temp folder is left empty: expanded members are removed
    expect(fs.readdirSync(tmpDir)).toEqual([]);
  });

  it("reports torch storages and joblib array bytes without mistaking them for pickles", async () => {
    const source = new FileSource(path.join(corpus.dir, "pytorch_model.bin"));
    const report = await scanContent(source, "pytorch_model.bin", options);
    source.close();
    expect(report.kind).toBe("torch-zip");
    expect(report.pickle?.imports.every((i) => i.safety === "innocuous")).toBe(true);
    expect(report.pickle?.problems).toEqual([]);
  });

  it("rates imports from the published rules", () => {
    expect(importSafety("builtins", "eval")).toBe("dangerous");
    expect(importSafety("builtins", "getattr")).toBe("dangerous");
    expect(importSafety("os", "system")).toBe("dangerous");
    expect(importSafety("os.path", "join")).toBe("dangerous");
    expect(importSafety("posix", "system")).toBe("dangerous");
    expect(importSafety("subprocess", "Popen")).toBe("dangerous");
    expect(importSafety("runpy", "_run_code")).toBe("dangerous");
    expect(importSafety("importlib", "import_module")).toBe("dangerous");
    expect(importSafety("pickle", "loads")).toBe("dangerous");
    expect(importSafety("torch._utils", "_rebuild_tensor_v2")).toBe("innocuous");
    expect(importSafety("__builtin__", "set")).toBe("innocuous");
    expect(importSafety("__builtin__", "eval")).toBe("dangerous");
    expect(importSafety("collections", "OrderedDict")).toBe("innocuous");
    expect(importSafety("collections", "OrderedDict.fromkeys")).toBe("suspicious");
    expect(importSafety("sklearn.linear_model", "LogisticRegression")).toBe("suspicious");
    // module names that are Object's own members are just unknown modules
    expect(importSafety("constructor", "toString")).toBe("suspicious");
    expect(importSafety("__proto__", "x")).toBe("suspicious");
  });

  it("never vouches for bytes it cannot parse", async () => {
    const cases: [string, Buffer][] = [
      ["empty-proto.pkl", Buffer.from([0x80, 0x04])],
      ["bad-opcode.pkl", Buffer.from([0x80, 0x02, 0xff])],
      ["huge-length.pkl", Buffer.from([0x80, 0x04, 0x8d, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f])],
      ["memo-miss.pkl", Buffer.from([0x80, 0x02, 0x68, 0x07, 0x2e])],
      ["odd-dict.pkl", Buffer.from("\x80\x02(K\x01d.", "latin1")],
      ["late-break.pkl", Buffer.from("ccollections\nOrderedDict\n)R\xff", "latin1")],
    ];
    for (const [name, bytes] of cases) {
      const report = await scanContent(new BufferSource(bytes), name, options);
      expect(report.pickle?.status, name).toBe("suspicious");
    }
    // bytes named like a checkpoint that are no pickle at all (the demo's placeholders): no loader runs
    // anything in them, yet the scanner does not call them safe
    const text = Buffer.from("ModelHub demo placeholder: some/model.pth\n\x00\x01binary");
    const placeholder = await scanContent(new BufferSource(text), "model.pth", options);
    expect(placeholder.pickle?.status).toBe("caution");
    expect(placeholder.pickle?.problems[0]).toMatch(/not a pickle a loader can read/);
  });
});
