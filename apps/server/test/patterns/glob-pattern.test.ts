import { describe, expect, it } from "vitest";
import { GitAttributes, isIgnored } from "../../src/content/paths/gitattributes.js";
import { resolveLayout } from "../../src/datasets/layout.js";
import { GlobPattern, type GlobDialect } from "../../src/patterns/glob-pattern.js";
import { trimLeading, trimTrailing } from "../../src/patterns/trim.js";

const fsspec = (pattern: string) => GlobPattern.compile(pattern, { dialect: "fsspec" });
const git = (pattern: string) => GlobPattern.compile(pattern, { dialect: "git" });

/**
 * The documented rules as a (backtracking) regular expression: fine for the short random inputs of the
 * differential test below, which checks the automaton gives the same answers.
 */
function referenceRegExp(pattern: string, dialect: GlobDialect): RegExp {
  let source = "";
  const chars = Array.from(pattern);
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i];
    if (char === "*") {
      let end = i;
      while (chars[end] === "*") end++;
      const whole =
        end - i >= 2 && (i === 0 || chars[i - 1] === "/") && (end === chars.length || chars[end] === "/");
      if (whole && end < chars.length) {
        source += "(?:.*/)?";
        i = end;
      } else {
        source += whole ? ".*" : "[^/]*";
        i = end - 1;
      }
    } else if (char === "?") source += "[^/]";
    else if (char === "[" && chars.indexOf("]", i + 2) !== -1) {
      // the random patterns only hold [ab] and [!ab]
      const end = chars.indexOf("]", i + 2);
      const body = chars.slice(i + 1, end).join("");
      source += body.startsWith("!") ? `[^/${body.slice(1)}]` : `[${body}]`;
      i = end;
    } else if (char === "\\" && dialect === "git" && i + 1 < chars.length) source += escape(chars[++i]);
    else source += escape(char);
  }
  return new RegExp(`^${source}$`, "u");
}

const escape = (char: string) => char.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/** A small seeded PRNG, so a failure can be replayed. */
function prng(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe("GlobPattern", () => {
  it.each([
    ["*.csv", "train.csv", true],
    ["*.csv", "data/train.csv", false],
    ["data/*.csv", "data/train.csv", true],
    ["data/**/*.csv", "data/train.csv", true],
    ["data/**/*.csv", "data/a/b/train.csv", true],
    ["**/*.parquet", "x.parquet", true],
    ["**/*.parquet", "a/b/x.parquet", true],
    ["data/**", "data/a/b.csv", true],
    ["data/**", "other/a.csv", false],
    ["data/a**b.csv", "data/axxb.csv", true],
    ["data/a**b.csv", "data/a/b.csv", false],
    ["train-?.csv", "train-1.csv", true],
    ["train-?.csv", "train-/.csv", false],
    ["train-[0-9].csv", "train-7.csv", true],
    ["train-[!0-9].csv", "train-7.csv", false],
    ["train-[!0-9].csv", "train-x.csv", true],
    ["train-[^0-9].csv", "train-^.csv", true],
    ["[]x].csv", "].csv", true],
    ["a[b.csv", "a[b.csv", true],
    ["dir\\*.csv", "dir\\x.csv", true],
    ["données/é?.csv", "données/éa.csv", true],
    ["emoji/?.txt", "emoji/😀.txt", true],
  ])("fsspec %j against %j: %s", (pattern, path, expected) => {
    expect(fsspec(pattern).matches(path)).toBe(expected);
  });

  it.each([
    ["*.bin", "model.bin", true],
    ["a\\*.bin", "a*.bin", true],
    ["a\\*.bin", "ab.bin", false],
    ["file[[:space:]]name.bin", "file name.bin", true],
    ["file[[:space:]]name.bin", "filexname.bin", false],
    ["[[:digit:]][[:alpha:]].bin", "7a.bin", true],
    ["[^a].bin", "b.bin", true],
    ["[^a].bin", "a.bin", false],
    ["saved_model/**/*", "saved_model/x/y.pb", true],
  ])("git %j against %j: %s", (pattern, path, expected) => {
    expect(git(pattern).matches(path)).toBe(expected);
  });

  it("ignores case only when asked (ids)", () => {
    expect(
      GlobPattern.compile("Meta-Llama/*", { dialect: "fsspec", ignoreCase: true }).matches("meta-llama/x"),
    ).toBe(true);
    expect(fsspec("Meta-Llama/*").matches("meta-llama/x")).toBe(false);
  });

  it("answers as the documented rules do on 3,000 random patterns and paths", () => {
    const random = prng(20_260_3);
    const pick = (alphabet: string[], length: number) =>
      Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join("");
    for (let round = 0; round < 3000; round++) {
      const dialect: GlobDialect = round % 2 === 0 ? "fsspec" : "git";
      // classes make the automaton answer even with one star (otherwise a RegExp does)
      const pattern = pick(
        ["a", "b", "/", "*", "*", "?", ".", "é", "[ab]", "[!ab]"],
        1 + Math.floor(random() * 8),
      );
      const path = pick(["a", "b", "/", ".", "é"], Math.floor(random() * 10));
      const expected = referenceRegExp(pattern, dialect).test(path);
      expect([pattern, path, GlobPattern.compile(pattern, { dialect }).matches(path)]).toEqual([
        pattern,
        path,
        expected,
      ]);
    }
  });

  it("completes patterns that take a backtracking matcher forever, with the right answers", () => {
    // `*a*a*…*b` against a long name of `a`s: exponential for a backtracking regular expression
    const hostile = `${"*a".repeat(200)}*b.csv`;
    const name = `${"a".repeat(5000)}.csv`;
    expect(fsspec(hostile).matches(name)).toBe(false);
    expect(fsspec(hostile).matches(`${"a".repeat(5000)}b.csv`)).toBe(true);
    const folders = `${"**/a/".repeat(100)}*b`;
    expect(fsspec(folders).matches(`${"a/".repeat(2000)}c`)).toBe(false);
    expect(git(`${"*a".repeat(200)}*b`).matches("a".repeat(5000))).toBe(false);
    // a pattern the old conversion turned into `(?:.*/)?` chains
    expect(fsspec("a/**/**/**/**/**/**/**/**/**/b").matches(`a/${"x/".repeat(3000)}c`)).toBe(false);
  });

  it("keeps .gitattributes and .gitignore rules linear too", () => {
    // 16 stars, the most a rule may hold
    const attributes = new GitAttributes(`${"*a".repeat(15)}*b filter=lfs diff=lfs merge=lfs -text\n`);
    expect(attributes.isLfs(`dir/${"a".repeat(250)}`)).toBe(false);
    expect(attributes.isLfs(`dir/${"a".repeat(250)}b`)).toBe(true);
    // a rule of more stars is left out (it would cost every path of every commit)
    expect(new GitAttributes(`${"*a".repeat(16)}*b filter=lfs\n`).isLfs(`${"a".repeat(20)}b`)).toBe(false);
    expect(isIgnored(`${"*a".repeat(100)}*b\n`, `x/${"a".repeat(250)}`)).toBe(false);
  });

  it("keeps a dataset card's hostile data_files linear, and reports patterns over the bounds", async () => {
    const paths = [
      `${"a".repeat(240)}.csv`,
      "b.csv",
      ...Array.from({ length: 200 }, (_, i) => `${"a".repeat(100)}${i}.csv`),
    ];
    const layout = await resolveLayout(paths, {
      configs: [
        { config_name: "hostile", data_files: [`${"*a".repeat(100)}*b.csv`, "b.csv"] },
        { config_name: "long", data_files: "x".repeat(1001) },
      ],
    });
    expect(layout.configs.map((config) => [config.name, config.splits[0].files])).toEqual([
      ["hostile", ["b.csv"]],
    ]);
    expect(layout.problems).toEqual([
      { config: "long", split: "train", error: "A data_files pattern is longer than 1000 characters" },
    ]);
  });
});

describe("trimming runs", () => {
  it("trims in linear time where /\\/+$/ is quadratic", () => {
    const long = `${"/".repeat(200_000)}x`;
    expect(trimTrailing(long, "/")).toBe(long);
    expect(trimTrailing(`a${"/".repeat(200_000)}`, "/")).toBe("a");
    expect(trimTrailing("a. . ", ". ")).toBe("a");
    expect(trimLeading("//a/", "/")).toBe("a/");
    expect(trimTrailing("", "/")).toBe("");
  });
});
