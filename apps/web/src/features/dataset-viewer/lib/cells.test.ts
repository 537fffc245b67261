import { describe, expect, it } from "vitest";
import { cellView, isNumericType, safeMediaUrl, typeLabel } from "./cells.js";

describe("cells", () => {
  it("draws images and audio from the Hub's cell shapes", () => {
    expect(cellView({ src: "/datasets/a/b/x.png", width: 32, height: 16 }, { _type: "Image" })).toEqual({
      kind: "image",
      src: "/datasets/a/b/x.png",
      width: 32,
      height: 16,
    });
    expect(cellView([{ src: "https://hub.lan/a.wav", type: "audio/wav" }], { _type: "Audio" })).toEqual({
      kind: "audio",
      src: "https://hub.lan/a.wav",
      type: "audio/wav",
    });
  });

  it("never turns a javascript: or protocol-relative URL into a src", () => {
    expect(safeMediaUrl("javascript:alert(1)")).toBeUndefined();
    expect(safeMediaUrl("//evil.example/x.png")).toBeUndefined();
    expect(safeMediaUrl("data:image/png;base64,AAAA")).toBeUndefined();
    expect(cellView({ src: "javascript:alert(1)" }, { _type: "Image" }).kind).toBe("json");
  });

  it("names class labels and keeps other values as text, numbers or JSON", () => {
    const type = { _type: "ClassLabel" as const, names: ["neg", "pos"] };
    expect(cellView(1, type)).toEqual({ kind: "label", index: 1, name: "pos" });
    expect(cellView(7, type)).toEqual({ kind: "label", index: 7, name: undefined });
    expect(cellView(null)).toEqual({ kind: "null" });
    expect(cellView(3.5, { _type: "Value", dtype: "float64" })).toEqual({ kind: "number", text: "3.5" });
    expect(cellView(false)).toEqual({ kind: "text", text: "false" });
    expect(cellView({ a: [1, 2] })).toEqual({ kind: "json", text: '{"a":[1,2]}' });
  });

  it("labels column types and tells which compare as numbers", () => {
    expect(typeLabel({ _type: "Value", dtype: "int64" })).toBe("int64");
    expect(typeLabel({ _type: "ClassLabel", names: [] })).toBe("class label");
    expect(typeLabel({ _type: "Sequence", feature: { _type: "Value", dtype: "string" } })).toBe("list");
    expect(typeLabel([{ _type: "Value", dtype: "string" }])).toBe("list");
    expect(typeLabel({ a: { _type: "Value", dtype: "string" } })).toBe("dict");
    expect(isNumericType({ _type: "Value", dtype: "float32" })).toBe(true);
    expect(isNumericType({ _type: "Value", dtype: "bool" })).toBe(true);
    expect(isNumericType({ _type: "ClassLabel", names: ["a"] })).toBe(true);
    expect(isNumericType({ _type: "Value", dtype: "string" })).toBe(false);
    expect(isNumericType(undefined)).toBe(false);
  });
});
