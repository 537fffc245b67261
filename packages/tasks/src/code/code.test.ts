import { describe, expect, it } from "vitest";
import { checkJavaScript, checkPython, checkShell } from "@modelhub/testkit";
import { javascript, jsonValue, pyKwargs, python, raw, shell } from "./index.js";

const HOSTILE = [
  `it's "quoted"`,
  `"""triple"""`,
  "back\\slash\\",
  "new\nline\r\n",
  "$(rm -rf /) `id` ${process.env.X}",
  "\u2028sep\u2029",
  "emoji 🤗 and nul-free",
];

describe("escape-by-construction templates", () => {
  it("renders hostile text as Python literals that parse back to the same value", () => {
    const sources = HOSTILE.map((text) => python`x = ${text}\nprint(x)`);
    expect(checkPython(sources).every((r) => r === null)).toBe(true);
  });

  it("renders hostile text as JS literals that evaluate to the same value", () => {
    for (const text of HOSTILE) {
      const src = javascript`const x = ${text};`;
      expect(checkJavaScript(src)).toBeNull();
      expect(new Function(`${src}; return x;`)()).toBe(text);
    }
  });

  it("renders hostile text as single-quoted shell words", () => {
    for (const text of HOSTILE) {
      const src = shell`printf %s ${text}`;
      expect(checkShell(src)).toBeNull();
    }
  });

  it("inserts raw code only when asked", () => {
    expect(python`f(${raw("a")}, ${"a"})`).toBe('f(a, "a")');
  });

  it("renders nested data with 4-space indentation", () => {
    expect(jsonValue({ a: [1, 2], b: { c: null } })).toBe(
      '{\n    "a": [1, 2],\n    "b": {\n        "c": null\n    }\n}',
    );
    expect(pyKwargs({ top_p: 0.5, stream: true })).toBe("top_p=0.5, stream=True");
  });
});
