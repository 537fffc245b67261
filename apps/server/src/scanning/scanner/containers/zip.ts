import type { ByteSource } from "../byte-source.js";

/** One member of a zip archive, located in the file. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated; others are reported as not scannable. */
  method: number;
  encrypted: boolean;
  compressedSize: number;
  size: number;
  /** Where the member's (compressed) bytes start in the file. */
  dataStart: number;
}

export interface ZipListing {
  entries: ZipEntry[];
  /** How the members were found: from the central directory, or by walking local headers. */
  via: "central-directory" | "local-headers";
  notes: string[];
}

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;
const END64 = 0x06064b50;
const END64_LOCATOR = 0x07064b50;
const DESCRIPTOR = 0x08074b50;
const MAX_ENTRIES = 200_000;
const TAIL = 65_557;

/** Whether the bytes start like a zip (a local header, or the end record of an empty archive). */
export function startsLikeZip(head: Buffer): boolean {
  if (head.length < 4) return false;
  const magic = head.readUInt32LE(0);
  return magic === LOCAL || magic === END;
}

/**
 * Lists a zip's members from its central directory (zip64 included, data prepended to the archive
 * accounted for, as Python's zipfile does). When that directory is missing or broken, members are
 * found by walking the local headers instead (sizes from data descriptors or the next header), so a
 * damaged archive is still scanned. Undefined when neither finds a zip.
 */
export function listZip(source: ByteSource): ZipListing | undefined {
  const fromDirectory = readCentralDirectory(source);
  if (fromDirectory && fromDirectory.entries.length > 0) return fromDirectory;
  const walked = walkLocalHeaders(source);
  if (walked.entries.length > 0)
    return {
      ...walked,
      notes: [...(fromDirectory?.notes ?? ["no readable central directory"]), ...walked.notes],
    };
  return fromDirectory;
}

function readCentralDirectory(source: ByteSource): ZipListing | undefined {
  const tailStart = Math.max(0, source.size - TAIL);
  const tail = source.read(tailStart, source.size - tailStart);
  let endAt = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === END && i + 22 + tail.readUInt16LE(i + 20) <= tail.length) {
      endAt = i;
      break;
    }
  }
  if (endAt < 0) return undefined;
  const notes: string[] = [];
  const endPosition = tailStart + endAt;
  let count = tail.readUInt16LE(endAt + 10);
  let directorySize = tail.readUInt32LE(endAt + 12);
  let directoryOffset = tail.readUInt32LE(endAt + 16);
  let records = 22;
  if (endPosition >= 20) {
    const locator = source.read(endPosition - 20, 20);
    if (locator.length === 20 && locator.readUInt32LE(0) === END64_LOCATOR) {
      const end64 = source.read(Number(locator.readBigUInt64LE(8)), 56);
      if (end64.length === 56 && end64.readUInt32LE(0) === END64) {
        count = safeNumber(end64.readBigUInt64LE(32));
        directorySize = safeNumber(end64.readBigUInt64LE(40));
        directoryOffset = safeNumber(end64.readBigUInt64LE(48));
        records += 76;
      } else notes.push("a zip64 locator points at no zip64 end record");
    }
  }
  // bytes before the archive (a self-extractor stub, a prefix): every offset moves by as much
  const shift = endPosition - directorySize - directoryOffset - (records - 22);
  if (shift < 0) {
    notes.push("the central directory's offsets point past its own position");
    return { entries: [], via: "central-directory", notes };
  }
  if (shift > 0) notes.push(`${shift} bytes precede the archive`);
  if (count > MAX_ENTRIES) {
    notes.push(`more than ${MAX_ENTRIES} members`);
    return { entries: [], via: "central-directory", notes };
  }
  const directory = source.read(directoryOffset + shift, directorySize);
  const entries: ZipEntry[] = [];
  let at = 0;
  for (let n = 0; n < count; n++) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== CENTRAL) {
      notes.push(`the central directory breaks off after ${n} of ${count} members`);
      return { entries: [], via: "central-directory", notes };
    }
    const flags = directory.readUInt16LE(at + 8);
    const method = directory.readUInt16LE(at + 10);
    let compressedSize = directory.readUInt32LE(at + 20);
    let size = directory.readUInt32LE(at + 24);
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    let localOffset = directory.readUInt32LE(at + 42);
    const name = directory
      .subarray(at + 46, at + 46 + nameLength)
      .toString(flags & 0x800 ? "utf8" : "latin1");
    const extra = directory.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength);
    const wide = zip64Extra(
      extra,
      size === 0xffffffff,
      compressedSize === 0xffffffff,
      localOffset === 0xffffffff,
    );
    if (wide.size !== undefined) size = wide.size;
    if (wide.compressedSize !== undefined) compressedSize = wide.compressedSize;
    if (wide.offset !== undefined) localOffset = wide.offset;
    at += 46 + nameLength + extraLength + commentLength;
    const dataStart = localDataStart(source, localOffset + shift);
    if (dataStart === undefined) {
      notes.push(`member ${name} has no local header where the directory says`);
      continue;
    }
    entries.push({ name, method, encrypted: (flags & 1) === 1, compressedSize, size, dataStart });
  }
  return { entries, via: "central-directory", notes };
}

function zip64Extra(
  extra: Buffer,
  wantSize: boolean,
  wantCompressed: boolean,
  wantOffset: boolean,
): { size?: number; compressedSize?: number; offset?: number } {
  for (let i = 0; i + 4 <= extra.length;) {
    const id = extra.readUInt16LE(i);
    const length = extra.readUInt16LE(i + 2);
    if (id === 0x0001) {
      const out: { size?: number; compressedSize?: number; offset?: number } = {};
      let at = i + 4;
      const next = () => {
        if (at + 8 > i + 4 + length || at + 8 > extra.length) return undefined;
        const value = safeNumber(extra.readBigUInt64LE(at));
        at += 8;
        return value;
      };
      if (wantSize) out.size = next();
      if (wantCompressed) out.compressedSize = next();
      if (wantOffset) out.offset = next();
      return out;
    }
    i += 4 + length;
  }
  return {};
}

function localDataStart(source: ByteSource, offset: number): number | undefined {
  const header = source.read(offset, 30);
  if (header.length < 30 || header.readUInt32LE(0) !== LOCAL) return undefined;
  return offset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
}

/** Members found front to back by their local headers (a broken or missing central directory). */
function walkLocalHeaders(source: ByteSource): ZipListing {
  const entries: ZipEntry[] = [];
  const notes: string[] = [];
  let at = 0;
  while (at + 30 <= source.size && entries.length < MAX_ENTRIES) {
    const header = source.read(at, 30);
    if (header.readUInt32LE(0) !== LOCAL) break;
    const flags = header.readUInt16LE(6);
    const method = header.readUInt16LE(8);
    let compressedSize = header.readUInt32LE(18);
    let size = header.readUInt32LE(22);
    const nameLength = header.readUInt16LE(26);
    const extraLength = header.readUInt16LE(28);
    const name = source.read(at + 30, nameLength).toString(flags & 0x800 ? "utf8" : "latin1");
    const extra = source.read(at + 30 + nameLength, extraLength);
    const wide = zip64Extra(extra, size === 0xffffffff, compressedSize === 0xffffffff, false);
    if (wide.size !== undefined) size = wide.size;
    if (wide.compressedSize !== undefined) compressedSize = wide.compressedSize;
    const dataStart = at + 30 + nameLength + extraLength;
    let next: number;
    if ((flags & 0x08) !== 0 && compressedSize === 0) {
      // sizes follow the data in a descriptor: the member runs to the next header
      const end = nextSignature(source, dataStart);
      compressedSize = end - dataStart;
      if (method === 0) size = compressedSize;
      next = end;
      const tail = source.read(end, 4);
      if (tail.length === 4 && tail.readUInt32LE(0) === DESCRIPTOR) {
        const descriptor = source.read(end, 16);
        if (method === 0 && descriptor.length === 16) size = compressedSize = descriptor.readUInt32LE(8);
        next = nextSignature(source, end + 4);
      }
      notes.push(`member ${name} gives its sizes in a data descriptor`);
    } else {
      next = dataStart + compressedSize;
      if ((flags & 0x08) !== 0) {
        const tail = source.read(next, 4);
        next += tail.length === 4 && tail.readUInt32LE(0) === DESCRIPTOR ? 16 : 12;
      }
    }
    entries.push({ name, method, encrypted: (flags & 1) === 1, compressedSize, size, dataStart });
    if (next <= at) break;
    at = next;
  }
  return { entries, via: "local-headers", notes };
}

/** The position of the next local header, central header or descriptor signature at or after `from`. */
function nextSignature(source: ByteSource, from: number): number {
  const CHUNK = 1024 * 1024;
  for (let at = from; at < source.size; at += CHUNK - 3) {
    const bytes = source.read(at, CHUNK);
    for (let i = bytes.indexOf(0x50); i !== -1 && i + 4 <= bytes.length; i = bytes.indexOf(0x50, i + 1)) {
      if (bytes[i + 1] !== 0x4b) continue;
      const signature = bytes.readUInt32LE(i);
      if (signature === LOCAL || signature === CENTRAL || signature === DESCRIPTOR || signature === END)
        return at + i;
    }
    if (bytes.length < CHUNK) break;
  }
  return source.size;
}

function safeNumber(value: bigint): number {
  return value > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(value);
}
