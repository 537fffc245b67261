import { describe, expect, it } from "vitest";
import { partCount } from "../../src/content/http/lfs-multipart.js";
import { partBytesFor } from "../../src/content/http/lfs-part-size.js";

const MiB = 1024 * 1024;

describe("LFS part size", () => {
  it("offers 0.x's 18 MB test upload in 8 MiB parts under the default 64 MiB part", () => {
    const size = 18 * 10 ** 6;
    expect(partBytesFor(64 * MiB, size)).toBe(8 * MiB);
    expect(partCount(size, partBytesFor(64 * MiB, size))).toBe(3);
  });

  it("keeps small objects whole and large ones in configured parts", () => {
    expect(partCount(16 * MiB, partBytesFor(64 * MiB, 16 * MiB))).toBe(1);
    expect(partBytesFor(64 * MiB, 64 * MiB + 1)).toBe(64 * MiB);
    expect(partBytesFor(1 * MiB, 18 * 10 ** 6)).toBe(1 * MiB);
    expect(partBytesFor(4 * MiB, 4 * MiB)).toBe(4 * MiB);
  });
});
