import fs from "node:fs";
import { MalformedError, SequentialReader, SliceSource, FileSource, type ByteSource } from "./byte-source.js";
import { expandHead, expandToFile, type Compression } from "./containers/expand.js";
import { NPY_MAGIC, readNpyHeader } from "./containers/npy.js";
import { listZip, startsLikeZip, type ZipEntry } from "./containers/zip.js";
import { namedLikeArchive, namedLikeCompressed, namedLikePickle, namedOnnx } from "./file-names.js";
import { checkGguf, GGUF_MAGIC } from "./formats/gguf-check.js";
import { checkOnnx } from "./formats/onnx-check.js";
import { checkSafetensors, looksLikeSafetensors } from "./formats/safetensors-check.js";
import type { FormatVerdict } from "./formats/verdict.js";
import { PickleFindings, type PickleImport } from "./pickle/findings.js";
import { PickleMachine } from "./pickle/machine.js";
import { startsWithProto, walkPickleStream } from "./pickle/stream.js";

export type ContentKind =
  | "empty"
  | "pickle"
  | "torch-zip"
  | "zip"
  | "npy"
  | "npz"
  | "safetensors"
  | "gguf"
  | "onnx"
  | "compressed"
  | "other";

export interface PickleReport {
  status: "safe" | "caution" | "suspicious" | "unsafe";
  imports: PickleImport[];
  /** Why the scanner could not vouch for the file (parse failures, evasions, what it could not open). */
  problems: string[];
  /** Pickles walked in the file (archives hold several). */
  pickles: number;
}

export interface ContentReport {
  kind: ContentKind;
  /** Present when the file is or holds pickles (or claims to by its name). */
  pickle?: PickleReport;
  /** Present for the formats that are safe only when well-formed. */
  format?: FormatVerdict;
}

export interface ScanOptions {
  /** Where compressed members and streams are expanded (temp files, removed afterwards). */
  tmpDir: string;
  /** The most bytes one compressed stream is expanded to (a decompression bomb costs this much disk). */
  maxExpandBytes: number;
}

const MAX_DEPTH = 4;
/** The first bytes of a torch archive's storage files are tensor data: never sniffed as pickles. */
const TORCH_STORAGE = /^(.*\/)?data\/\d+$/;
const TORCH_METADATA =
  /(^|\/)(version|byteorder|\.format_version|\.storage_alignment|\.data\/serialization_id|\.data\/version)$/;

const SEVERITY = { safe: 0, caution: 1, suspicious: 2, unsafe: 3 } as const;

/**
 * Finds out what a file is from its bytes (names only add suspicion: a `.bin` zip, a `.png` pickle and
 * a lying magic number are all read for what they are) and scans it: every pickle it is or holds
 * (archives, torch checkpoints, numpy object arrays, joblib files, compressed pickles), and the format
 * check of safetensors, GGUF and ONNX files. Nothing is ever unpickled.
 */
export async function scanContent(
  source: ByteSource,
  name: string,
  options: ScanOptions,
): Promise<ContentReport> {
  const scan = new ContentScan(options);
  const kind = await scan.inspect(source, name, 0, true);
  return scan.report(kind);
}

class ContentScan {
  readonly findings = new PickleFindings();
  /** Bytes all the file's expansions may still write (one budget per file, not per member). */
  private expandBudget: number;
  private format: FormatVerdict | undefined;
  private claimedPickle = false;

  constructor(private readonly options: ScanOptions) {
    this.expandBudget = options.maxExpandBytes;
  }

  /** Expands within what is left of the file's budget; the caller reports a cut. */
  private async expand(source: ByteSource, codec: Compression, label: string) {
    const expanded = await expandToFile(source, codec, this.options.tmpDir, this.expandBudget);
    const size = fs.statSync(expanded.path, { throwIfNoEntry: false })?.size ?? 0;
    this.expandBudget = Math.max(0, this.expandBudget - size);
    if (expanded.cut)
      this.findings.problem(
        `${label} expands past what is left of the ${this.options.maxExpandBytes}-byte budget; the rest was not scanned`,
      );
    return expanded;
  }

  report(kind: ContentKind): ContentReport {
    const f = this.findings;
    const hasPickle =
      f.pickles > 0 ||
      f.problems.length > 0 ||
      f.doubts.length > 0 ||
      f.imports.size > 0 ||
      this.claimedPickle;
    return {
      kind,
      ...(hasPickle
        ? {
            pickle: {
              status: f.status(),
              imports: f.list(),
              problems: [...f.problems, ...f.doubts],
              pickles: f.pickles,
            },
          }
        : {}),
      ...(this.format ? { format: this.format } : {}),
    };
  }

  private verdict(verdict: FormatVerdict): void {
    if (!this.format || SEVERITY[verdict.status] > SEVERITY[this.format.status]) this.format = verdict;
  }

  /**
   * Scans one stream (the file, an archive member, an expanded stream). `named` is whether a loader
   * would unpickle it by its name: then anything unreadable is a problem, otherwise only what really
   * parses as a pickle counts.
   */
  async inspect(source: ByteSource, name: string, depth: number, top: boolean): Promise<ContentKind> {
    if (source.size === 0) return "empty";
    const named = namedLikePickle(name);
    if (named) this.claimedPickle ||= top;
    if (depth > MAX_DEPTH) {
      this.findings.problem(`${name} is nested more than ${MAX_DEPTH} containers deep`);
      return "other";
    }
    const head = source.read(0, 64);
    if (startsLikeZip(head)) return this.zip(source, name, depth, true);
    if (head.subarray(0, 6).equals(NPY_MAGIC)) return this.npy(source, name);
    if (head.subarray(0, 4).equals(GGUF_MAGIC)) {
      this.verdict(checkGguf(source));
      return "gguf";
    }
    if (looksLikeSafetensors(head, source.size)) {
      this.verdict(checkSafetensors(source));
      return "safetensors";
    }
    const compression = compressionOf(head);
    if (compression) return this.compressed(source, name, depth, compression);
    if (namedOnnx(name)) {
      this.verdict(checkOnnx(source));
      return "onnx";
    }
    if (startsWithProto(head) || named) {
      walkPickleStream(source, this.findings, name);
      return "pickle";
    }
    // a zip with bytes in front of it (self-extracting style) is still a zip to Python's zipfile
    if (namedLikeArchive(name) || top) {
      const listing = listZip(source);
      if (listing && listing.entries.length > 0) return this.zip(source, name, depth, false);
    }
    // protocol 0 and 1 pickles start with an ordinary opcode: a trial walk tells
    if (parsesAsPickle(source)) {
      walkPickleStream(source, this.findings, name);
      return "pickle";
    }
    return "other";
  }

  private npy(source: ByteSource, name: string): ContentKind {
    try {
      const header = readNpyHeader(source);
      if (header.holdsObjects) {
        this.claimedPickle = true;
        walkPickleStream(
          new SliceSource(source, header.dataStart, source.size - header.dataStart),
          this.findings,
          `${name} (object array)`,
        );
      } else this.verdict({ format: "npy", status: "safe", message: `array of ${header.descr}` });
    } catch (error) {
      if (!(error instanceof MalformedError)) throw error;
      this.verdict({ format: "npy", status: "suspicious", message: `${name}: ${error.message}` });
    }
    return "npy";
  }

  private async compressed(
    source: ByteSource,
    name: string,
    depth: number,
    compression: Compression | "joblib-zf" | Unopened,
  ): Promise<ContentKind> {
    if (typeof compression === "object") {
      if (namedLikePickle(name))
        this.findings.problem(
          `${name} is compressed with ${compression.unopened}, which the scanner does not open`,
        );
      return "compressed";
    }
    const named = namedLikePickle(name) || !namedLikeCompressed(name);
    // joblib's old zlib format: "ZF", the length in hex padded to 19 bytes, then a zlib stream
    const body = compression === "joblib-zf" ? new SliceSource(source, 21, source.size - 21) : source;
    const codec: Compression = compression === "joblib-zf" ? "zlib" : compression;
    // a compressed data file (`train.csv.gz`) is opened only when it holds a pickle or an archive
    if (!named) {
      const head = expandHead(body, codec);
      if (!startsWithProto(head) && !startsLikeZip(head)) return "compressed";
    }
    const expanded = await this.expand(body, codec, name);
    try {
      if (expanded.damaged) this.findings.problem(`${name}: the ${codec} data is damaged`);
      const inner = new FileSource(expanded.path);
      try {
        await this.inspect(inner, name.replace(/\.(gz|z|zlib)$/i, ""), depth + 1, false);
      } finally {
        inner.close();
      }
    } finally {
      await expanded.remove();
    }
    return "compressed";
  }

  private async zip(source: ByteSource, name: string, depth: number, magic: boolean): Promise<ContentKind> {
    const listing = listZip(source);
    if (!listing) {
      if (magic && (namedLikePickle(name) || namedLikeArchive(name)))
        this.findings.problem(`${name} starts like a zip archive but none can be read`);
      return "zip";
    }
    const roots = new Set(
      listing.entries
        .filter((e) => /(^|\/)data\.pkl$/.test(e.name))
        .map((e) => e.name.slice(0, -"data.pkl".length)),
    );
    const npz = listing.entries.length > 0 && listing.entries.every((e) => e.name.endsWith(".npy"));
    for (const entry of listing.entries) {
      const prefix = TORCH_STORAGE.exec(entry.name)?.[1] ?? "";
      if (TORCH_STORAGE.test(entry.name) && roots.has(prefix)) continue;
      if (roots.size > 0 && TORCH_METADATA.test(entry.name)) continue;
      await this.member(source, entry, `${name}:${entry.name}`, depth);
    }
    return roots.size > 0 ? "torch-zip" : npz ? "npz" : "zip";
  }

  private async member(source: ByteSource, entry: ZipEntry, label: string, depth: number): Promise<void> {
    if (entry.compressedSize === 0 && entry.size === 0) return;
    const named = namedLikePickle(entry.name) || namedLikeArchive(entry.name);
    if (entry.encrypted) {
      if (named) this.findings.problem(`${label} is encrypted; the scanner cannot read it`);
      return;
    }
    const raw = new SliceSource(source, entry.dataStart, entry.compressedSize);
    if (entry.method === 0) {
      await this.inspect(raw, entry.name, depth + 1, false);
      return;
    }
    if (entry.method !== 8) {
      if (named)
        this.findings.problem(
          `${label} uses compression method ${entry.method}, which the scanner does not open`,
        );
      return;
    }
    const head = expandHead(raw, "deflate-raw");
    // an array of plain numbers needs its header only
    if (head.subarray(0, 6).equals(NPY_MAGIC)) {
      try {
        if (!readNpyHeader(new BufferSourceOf(head)).holdsObjects) {
          this.verdict({ format: "npy", status: "safe", message: `${entry.name}: numeric array` });
          return;
        }
      } catch {
        // a header longer than the sniffed head: expand the member
      }
    } else if (
      !named &&
      !startsWithProto(head) &&
      !startsLikeZip(head) &&
      !parsesAsPickle(new BufferSourceOf(head))
    )
      return;
    const expanded = await this.expand(raw, "deflate-raw", label);
    try {
      if (expanded.damaged) this.findings.problem(`${label}: its deflate data is damaged`);
      const inner = new FileSource(expanded.path);
      try {
        await this.inspect(inner, entry.name, depth + 1, false);
      } finally {
        inner.close();
      }
    } finally {
      await expanded.remove();
    }
  }
}

class BufferSourceOf implements ByteSource {
  constructor(private readonly bytes: Buffer) {}
  get size(): number {
    return this.bytes.length;
  }
  read(position: number, length: number): Buffer {
    return this.bytes.subarray(position, position + length);
  }
}

interface Unopened {
  unopened: string;
}

function compressionOf(head: Buffer): Compression | "joblib-zf" | Unopened | undefined {
  if (head.length < 4) return undefined;
  if (head[0] === 0x1f && head[1] === 0x8b) return "gzip";
  if (head.subarray(0, 4).toString("latin1") === "ZF0x") return "joblib-zf";
  if ((head[0] & 0x0f) === 8 && head[0] >> 4 <= 7 && ((head[0] << 8) | head[1]) % 31 === 0) return "zlib";
  if (head.subarray(0, 3).toString("latin1") === "BZh") return { unopened: "bzip2" };
  if (head.subarray(0, 6).equals(Buffer.from([0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00])))
    return { unopened: "xz" };
  if (head.subarray(0, 4).equals(Buffer.from([0x04, 0x22, 0x4d, 0x18]))) return { unopened: "lz4" };
  if (head.subarray(0, 4).equals(Buffer.from([0x28, 0xb5, 0x2f, 0xfd]))) return { unopened: "zstd" };
  if (head.subarray(0, 6).equals(Buffer.from([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])))
    return { unopened: "7z" };
  return undefined;
}

/** Opcodes a protocol 0 or 1 pickle can start with. */
const FIRST_OPCODES = new Set("(]})cILFSVNXUTJKMGP".split("").map((c) => c.charCodeAt(0)));

/** A trial walk of the first pickle: true when it reaches its STOP. */
function parsesAsPickle(source: ByteSource): boolean {
  const first = source.read(0, 1)[0];
  if (first === undefined || !FIRST_OPCODES.has(first)) return false;
  try {
    new PickleMachine(new SequentialReader(source), new PickleFindings()).run();
    return true;
  } catch {
    return false;
  }
}
