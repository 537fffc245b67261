import { describe, expect, it } from "vitest";
import { markerOutsideStrings } from "./literal-scan.js";

describe("markerOutsideStrings", () => {
  it("treats the '\\'' idiom as staying inside a literal in shell", () => {
    const src = `echo 'it'\\''s PWN'`;
    expect(markerOutsideStrings("sh", [src], "PWN")).toEqual([false]);
  });

  it("flags bare words and expanding double quotes in shell", () => {
    expect(markerOutsideStrings("sh", ["echo PWN", 'echo "$(PWN)"'], "PWN")).toEqual([true, true]);
  });

  it("flags code outside JS and Python strings only", () => {
    expect(markerOutsideStrings("js", ['const a = "PWN";', "PWN();"], "PWN")).toEqual([false, true]);
    expect(markerOutsideStrings("python", ['a = "PWN"', "PWN()"], "PWN")).toEqual([false, true]);
  });
});
