import { describe, expect, it } from "vitest";
import { MODEL_LIBRARIES_UI_ELEMENTS } from "../libraries/index.js";
import { DownloadQueryError, countDownloadsMatches, parseDownloadQuery } from "./index.js";

describe("countDownloads rules", () => {
  it("counts the default files at the repository root only", () => {
    for (const file of ["config.json", "config.yaml", "hyperparams.yaml", "params.json", "meta.yaml"]) {
      expect(countDownloadsMatches(undefined, file)).toBe(true);
    }
    expect(countDownloadsMatches(undefined, "unet/config.json")).toBe(false);
    expect(countDownloadsMatches(undefined, "model.safetensors")).toBe(false);
  });

  it("reads path, prefix, extension and bare file name", () => {
    expect(countDownloadsMatches('path:"ckpt/a.pt"', "ckpt/a.pt")).toBe(true);
    expect(countDownloadsMatches('path:"ckpt/a.pt"', "a.pt")).toBe(false);
    expect(
      countDownloadsMatches('path_extension:"pt" AND path_prefix:"checkpoints/"', "checkpoints/x/y.pt"),
    ).toBe(true);
    expect(countDownloadsMatches('path_extension:"pt" AND path_prefix:"checkpoints/"', "y.pt")).toBe(false);
    expect(countDownloadsMatches('path_filename:"config" AND path_extension:"cfg"', "sub/config.cfg")).toBe(
      true,
    );
    expect(countDownloadsMatches('path_filename:"config" AND path_extension:"cfg"', "config.json")).toBe(
      false,
    );
    expect(countDownloadsMatches('path_extension:"gguf"', "Model.Q4_K_M.gguf")).toBe(true);
    expect(countDownloadsMatches('path_extension:".pth"', "w.pth")).toBe(true);
  });

  it("supports _exists_ on path_prefix (file inside a folder)", () => {
    const rule = 'path_filename:"model" AND path_extension:"mil" AND _exists_:"path_prefix"';
    expect(countDownloadsMatches(rule, "openai_whisper-tiny/AudioEncoder.mlmodelc/model.mil")).toBe(true);
    expect(countDownloadsMatches(rule, "model.mil")).toBe(false);
  });

  it("binds AND tighter than OR, and honours parentheses", () => {
    const loose = 'path:"a.bin" OR path_extension:"pt" AND path_prefix:"x/"';
    expect(countDownloadsMatches(loose, "a.bin")).toBe(true);
    expect(countDownloadsMatches(loose, "y/b.pt")).toBe(false);
    const grouped = '(path:"a.bin" OR path_extension:"pt") AND path_prefix:"x/"';
    expect(countDownloadsMatches(grouped, "a.bin")).toBe(false);
    expect(countDownloadsMatches(grouped, "x/b.pt")).toBe(true);
    expect(parseDownloadQuery(loose)).toEqual({
      kind: "or",
      operands: [
        { kind: "match", field: "path", value: "a.bin" },
        {
          kind: "and",
          operands: [
            { kind: "match", field: "path_extension", value: "pt" },
            { kind: "match", field: "path_prefix", value: "x/" },
          ],
        },
      ],
    });
  });

  it("accepts multi-line rules and escaped quotes", () => {
    expect(countDownloadsMatches('path:"a.bin"\n\t\tOR path:"b.bin"', "b.bin")).toBe(true);
    expect(countDownloadsMatches('path:"we\\"ird.bin"', 'we"ird.bin')).toBe(true);
  });

  it.each([
    ['path:"a" OR', "end of query"],
    ['(path:"a"', "missing closing parenthesis"],
    ['path:"a")', "unexpected"],
    ["path:a.bin", "double-quoted"],
    ['path:"a', "unterminated"],
    ['size:"3"', "unknown field"],
    ['_exists_:"size"', "unknown field"],
    ['path:"a" path:"b"', "unexpected"],
    ["", "end of query"],
    ['path:"a" XOR path:"b"', 'found "XOR"'],
    ['path:"a" | path:"b"', "unexpected character"],
  ])("rejects %j with a clear error", (query, message) => {
    expect(() => parseDownloadQuery(query)).toThrow(DownloadQueryError);
    expect(() => parseDownloadQuery(query)).toThrow(message);
  });

  it("parses the rule of every library in the registry", () => {
    const rules = Object.entries(MODEL_LIBRARIES_UI_ELEMENTS).filter(
      ([, lib]) => lib.countDownloads !== undefined,
    );
    expect(rules.length).toBeGreaterThan(150);
    for (const [key, lib] of rules) {
      expect(() => parseDownloadQuery(lib.countDownloads ?? ""), key).not.toThrow();
    }
    expect(countDownloadsMatches(MODEL_LIBRARIES_UI_ELEMENTS.nemo.countDownloads, "asr.nemo")).toBe(true);
    expect(
      countDownloadsMatches(MODEL_LIBRARIES_UI_ELEMENTS.peft.countDownloads, "adapter_config.json"),
    ).toBe(true);
  });
});
