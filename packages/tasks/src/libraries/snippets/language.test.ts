import { describe, expect, it } from "vitest";
import { shellMarkerOutsideLiterals } from "../fixtures/shell-scan.js";
import { detectSnippetLanguage } from "./language.js";

describe("snippet language detection", () => {
  it.each([
    ["import torch\nmodel = 1", "python"],
    ["# comment\nfrom x import y", "python"],
    ["# ⚠️ Type of model unknown", "python"],
    ["pip install x", "sh"],
    ["# Install\nbrew install llama.cpp\nllama-cli -hf 'a/b'", "sh"],
    ["python -m pip install x", "sh"],
    ["mlx_lm.generate --model 'a/b'", "sh"],
    ['// npm i x\nimport { pipeline } from "x";', "js"],
    ['import { pipeline } from "x";', "js"],
    ["const x = 1;", "js"],
    ["lerobot-train \\\n    --policy.path='a/b'", "sh"],
    ["some-tool --flag value", "sh"],
    ["x = a-b", "python"],
    ["total = price-discount \\\n    - tax", "python"],
  ])("reads %j as %s", (code, language) => {
    expect(detectSnippetLanguage(code)).toBe(language);
  });
});

describe("shell literal scan used by the safety battery", () => {
  it("accepts text inside single quotes, escaped quotes and plain double quotes", () => {
    expect(shellMarkerOutsideLiterals("echo 'a'\\''X'", "X")).toBe(false);
    expect(shellMarkerOutsideLiterals('echo "plain X"', "X")).toBe(false);
    expect(shellMarkerOutsideLiterals("echo \\X", "X")).toBe(false);
  });

  it("flags text that the shell would read as code", () => {
    expect(shellMarkerOutsideLiterals("echo X", "X")).toBe(true);
    expect(shellMarkerOutsideLiterals('echo "$(X)"', "X")).toBe(true);
    expect(shellMarkerOutsideLiterals("echo 'a'X'b'", "X")).toBe(true);
    expect(shellMarkerOutsideLiterals("echo 'unterminated X", "X")).toBe(true);
  });
});
