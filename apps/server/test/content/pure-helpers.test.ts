import { describe, expect, it } from "vitest";
import { looksBinary } from "../../src/content/commit/upload-mode.js";
import { parseCard } from "../../src/cards/front-matter.js";
import { transformersInfoOf } from "../../src/content/derive/transformers-info.js";
import { filterExport } from "../../src/content/git/drop-blobs.js";
import { parseRange } from "../../src/content/http/byte-range.js";
import { formatPointer, parsePointer } from "../../src/content/lfs/pointer.js";
import { DEFAULT_GITATTRIBUTES, GitAttributes, isIgnored } from "../../src/content/paths/gitattributes.js";
import { checkRepoPath, checkRevision } from "../../src/content/paths/repo-path.js";
import { diskPathUnder } from "../../src/content/paths/disk-path.js";
import { isSafeRelativePath } from "../../src/transfer/remote-files.js";
import { HttpError } from "../../src/domain/errors.js";

function catchStatus(run: () => unknown): number | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpError) return error.status;
  }
  return undefined;
}

describe("content helpers", () => {
  it("drops only the tree lines of deleted blobs from a fast-export stream, never message bytes", () => {
    const gone = "a".repeat(40);
    const other = "b".repeat(40);
    const message = `msg\nM 100644 ${gone} fake.bin\n`;
    const stream = [
      "commit refs/heads/main",
      "mark :1",
      `data ${Buffer.byteLength(message)}`,
      message + `M 100644 ${gone} w.bin`,
      `M 100644 ${other} "a\\\\b.txt"`,
      "",
    ].join("\n");
    const kept = filterExport(Buffer.from(stream), new Set([gone])).toString();
    expect(kept).toContain(message);
    expect(kept).not.toContain(" w.bin");
    expect(kept).toContain(`M 100644 ${other}`);
  });

  it("matches .gitattributes LFS rules like git", () => {
    const attributes = new GitAttributes(DEFAULT_GITATTRIBUTES + "docs/*.bin -filter\n");
    expect(attributes.isLfs("model.safetensors")).toBe(true);
    expect(attributes.isLfs("deep/dir/model.safetensors")).toBe(true);
    expect(attributes.isLfs("saved_model/variables/data-00000")).toBe(true);
    expect(attributes.isLfs("archive.tar.gz")).toBe(true);
    expect(attributes.isLfs("README.md")).toBe(false);
    expect(attributes.isLfs("docs/a.bin")).toBe(false);
    const added = new GitAttributes(attributes.withLfsPath("weird name [1].dat"));
    expect(added.isLfs("weird name [1].dat")).toBe(true);
    expect(added.isLfs("weird name 1.dat")).toBe(false);
  });

  it("applies .gitignore with negation and directories", () => {
    const rules = "*.log\n!keep.log\nbuild/\n/root-only.txt\n";
    expect(isIgnored(rules, "a/b.log")).toBe(true);
    expect(isIgnored(rules, "keep.log")).toBe(false);
    expect(isIgnored(rules, "build/out.js")).toBe(true);
    expect(isIgnored(rules, "root-only.txt")).toBe(true);
    expect(isIgnored(rules, "sub/root-only.txt")).toBe(false);
  });

  it("tells binary samples from text, tolerating a cut UTF-8 character", () => {
    expect(looksBinary(Buffer.from("plain text"))).toBe(false);
    expect(looksBinary(Buffer.from("héllo").subarray(0, 2))).toBe(false);
    expect(looksBinary(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00]))).toBe(true);
    expect(looksBinary(Buffer.from([0xff, 0xfe, 0xfd, 0x41, 0x42]))).toBe(true);
  });

  it("parses byte ranges", () => {
    expect(parseRange(undefined, 10)).toBeUndefined();
    expect(parseRange("bytes=0-0", 10)).toEqual({ start: 0, end: 0 });
    expect(parseRange("bytes=5-", 10)).toEqual({ start: 5, end: 9 });
    expect(parseRange("bytes=-3", 10)).toEqual({ start: 7, end: 9 });
    expect(parseRange("bytes=2-100", 10)).toEqual({ start: 2, end: 9 });
    expect(parseRange("bytes=0-1,4-5", 10)).toBeUndefined();
    expect(() => parseRange("bytes=10-", 10)).toThrow();
    expect(() => parseRange("bytes=5-2", 10)).toThrow();
  });

  it("round-trips LFS pointers and rejects look-alikes", () => {
    const pointer = { oid: "a".repeat(64), size: 42 };
    expect(parsePointer(formatPointer(pointer))).toEqual(pointer);
    expect(
      parsePointer("version https://git-lfs.github.com/spec/v1\noid sha256:xyz\nsize 1\n"),
    ).toBeUndefined();
    expect(parsePointer("hello")).toBeUndefined();
  });

  it("validates paths and revisions", () => {
    expect(checkRepoPath("a/b.txt")).toBe("a/b.txt");
    for (const bad of ["", "/a", "a//b", "a/./b", "a/../b", "a\u0000b", ".git/HEAD", "x\ny"]) {
      expect(() => checkRepoPath(bad), JSON.stringify(bad)).toThrow();
    }
    // backslashes: part of a name (the Hub stores `folder/..\\..\\file`), but a path that starts outside
    // the repo where `\\` separates folders is 422
    for (const fine of [
      "a\\b",
      "a\\b\\c.txt",
      "x/y\\",
      "..a\\b..",
      "a:b",
      "C:/x",
      "a\\..",
      "folder/..\\..\\file",
    ])
      expect(checkRepoPath(fine)).toBe(fine);
    for (const bad of ["..\\x", "\\x", "C:\\x", ".git\\HEAD", "a\\.git\\config"])
      expect(() => checkRepoPath(bad), bad).toThrow(HttpError);
    for (const bad of ["..\\x", "\\x", "C:\\x"])
      expect(
        catchStatus(() => checkRepoPath(bad)),
        bad,
      ).toBe(422);
    expect(catchStatus(() => checkRepoPath("a/../b"))).toBe(400);
    // disk mappings and downloads stay inside their folder on every platform
    expect(diskPathUnder("/data/x", "a\\b.txt")).toBe("/data/x/a\\b.txt");
    expect(diskPathUnder("/data/x", "d/e.txt")).toBe("/data/x/d/e.txt");
    for (const bad of ["..\\y", "a/../../y", "/etc/passwd", "\\y", "C:\\y", "", "a/..", "."])
      expect(
        catchStatus(() => diskPathUnder("/data/x", bad)),
        bad,
      ).toBe(422);
    for (const fine of ["a\\b.txt", "d/x\\y", "a:b"]) expect(isSafeRelativePath(fine), fine).toBe(true);
    for (const bad of ["..\\y", "a\\..\\..\\y", "\\y", "C:\\y", "a/./b", "/y", "a//b"])
      expect(isSafeRelativePath(bad), bad).toBe(false);
    expect(checkRevision("refs/pr/1")).toBe("refs/pr/1");
    for (const bad of ["-x", "a..b", "main~1", "a b", "x.lock", "HEAD^"])
      expect(() => checkRevision(bad), bad).toThrow();
  });

  it("reads cards and architectures", () => {
    expect(parseCard("# no front matter").cardData).toBeUndefined();
    expect(parseCard("---\n- a list\n---\n").warning).toMatch(/not a YAML mapping/);
    expect(parseCard("---\nlicense: mit\n").warning).toMatch(/not closed/);
    const info = (architecture: string, extra = {}) =>
      transformersInfoOf({
        architectures: [architecture],
        hasVisionConfig: false,
        hasTokenizer: true,
        hasImageProcessor: false,
        hasFeatureExtractor: false,
        hasProcessorConfig: false,
        ...extra,
      });
    expect(info("T5ForConditionalGeneration")).toMatchObject({
      auto_model: "AutoModelForSeq2SeqLM",
      pipeline_tag: "text2text-generation",
    });
    expect(
      info("WhisperForConditionalGeneration", { modelType: "whisper", hasFeatureExtractor: true }),
    ).toMatchObject({ auto_model: "AutoModelForSpeechSeq2Seq", processor: "AutoProcessor" });
    expect(info("LlavaForConditionalGeneration", { hasVisionConfig: true })).toMatchObject({
      auto_model: "AutoModelForImageTextToText",
      pipeline_tag: "image-text-to-text",
    });
    expect(info("BertModel")).toMatchObject({ auto_model: "AutoModel", pipeline_tag: "feature-extraction" });
    expect(info("ViTForImageClassification", { hasTokenizer: false, hasImageProcessor: true })).toEqual({
      auto_model: "AutoModelForImageClassification",
      pipeline_tag: "image-classification",
      processor: "AutoImageProcessor",
    });
  });
});
