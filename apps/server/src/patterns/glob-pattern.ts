/**
 * Glob patterns matched in time linear in the path's length (times the pattern's), never by a
 * backtracking regular expression: the pattern becomes a small automaton whose set of live states is
 * advanced one character at a time (Thompson's construction), so `*a*a*a*a*b` against a long name of
 * `a`s costs what any other pattern of its size costs. Patterns come from repository content
 * (dataset cards' `data_files`, `.gitattributes`, `.gitignore`) and from settings.
 *
 * Two dialects share the rules below and differ only where their tools differ:
 * - `fsspec`: the globs of `data_files` (fsspec's and Python's `glob.translate` with `recursive=True`);
 *   a backslash is an ordinary character, `[^…]` is a class holding `^`.
 * - `git`: `.gitattributes` / `.gitignore` (git's wildmatch): `\x` stands for `x`, `[^…]` negates like
 *   `[!…]`, and POSIX classes (`[[:space:]]`, `[[:digit:]]`, …) may appear inside brackets.
 *
 * Shared rules: `*` is any run of characters without `/`; `?` one character other than `/`; `[abc]`,
 * `[a-z]`, `[!abc]` one character of (or not of) the set, never `/`; a `**` that is a whole path segment
 * matches across segments: `**` followed by `/` any number of whole folders (none included), a trailing
 * `**` everything below; a `**` inside a segment (`a**b`) is a single `*`. A `[` without its `]` is literal.
 */
export type GlobDialect = "fsspec" | "git";

export interface GlobOptions {
  dialect: GlobDialect;
  /** Letters match either case (ids, not paths). */
  ignoreCase?: boolean;
}

const SLASH = 0x2f;

type CharTest = (code: number) => boolean;

/**
 * One automaton state. `step` says where a character leads from here; `skip` states (the stars) may
 * also be left without reading anything.
 */
type State =
  | { kind: "one"; test: CharTest; literal?: string; anyButSlash?: boolean }
  | { kind: "star" }
  | { kind: "anything" }
  | { kind: "folders" }
  | { kind: "folders-inner" };

export class GlobPattern {
  private readonly states: State[];
  /** Scratch sets of live states, reused between calls (matching is synchronous). */
  private current: Int32Array;
  private next: Int32Array;
  private readonly seen: Uint32Array;
  private stamp = 0;
  /** Live states visited so far by `matches`: the work done, for callers that budget it. */
  steps = 0;

  /**
   * A regular expression standing for the pattern when it has at most one star and no class: V8 runs
   * it much faster than the automaton, and with a single star backtracking costs at most
   * O(path × pattern), the automaton's own bound. Undefined otherwise.
   */
  private readonly simple: RegExp | undefined;

  private constructor(
    readonly source: string,
    states: State[],
    private readonly ignoreCase: boolean,
  ) {
    this.simple = simpleRegExp(states);
    this.states = states;
    // every state can be live at once, plus the accepting one
    this.current = new Int32Array(states.length + 1);
    this.next = new Int32Array(states.length + 1);
    this.seen = new Uint32Array(states.length + 1);
  }

  static compile(pattern: string, options: GlobOptions): GlobPattern {
    const ignoreCase = options.ignoreCase === true;
    const text = ignoreCase ? pattern.toLowerCase() : pattern;
    return new GlobPattern(pattern, parse(Array.from(text), options.dialect), ignoreCase);
  }

  /** True when the pattern has no wildcard or class: it matches exactly one string. */
  get literal(): string | undefined {
    let text = "";
    for (const state of this.states) {
      if (state.kind !== "one" || state.literal === undefined) return undefined;
      text += state.literal;
    }
    return text;
  }

  /** Whether the whole of `path` matches the whole pattern. */
  matches(path: string): boolean {
    const subject = this.ignoreCase ? path.toLowerCase() : path;
    if (this.simple) {
      this.steps += subject.length;
      return this.simple.test(subject);
    }
    const accept = this.states.length;
    let live = this.start();
    for (const char of subject) {
      if (live === 0) return false;
      this.steps += live;
      live = this.advance(live, char.codePointAt(0) ?? 0);
    }
    for (let i = 0; i < live; i++) if (this.current[i] === accept) return true;
    return false;
  }

  private start(): number {
    this.stamp++;
    return this.add(this.current, 0, 0);
  }

  /** Reads one character: from the live states in `current` to the next ones, then swaps the sets. */
  private advance(live: number, code: number): number {
    this.stamp++;
    let count = 0;
    for (let i = 0; i < live; i++) {
      const index = this.current[i];
      const state = this.states[index];
      if (state === undefined) continue; // accepting: nothing follows
      switch (state.kind) {
        case "one":
          if (state.test(code)) count = this.add(this.next, count, index + 1);
          break;
        case "star":
          if (code !== SLASH) count = this.add(this.next, count, index);
          break;
        case "anything":
          count = this.add(this.next, count, index);
          break;
        case "folders":
          // `(?:.*/)?`: into the folders' body, or, on the `/` that ends them, past it
          count = this.add(this.next, count, index + 1);
          if (code === SLASH) count = this.add(this.next, count, index + 2);
          break;
        case "folders-inner":
          count = this.add(this.next, count, index);
          if (code === SLASH) count = this.add(this.next, count, index + 1);
          break;
      }
    }
    const swap = this.current;
    this.current = this.next;
    this.next = swap;
    return count;
  }

  /** Adds a state and every state reachable from it without reading (the stars may match nothing). */
  private add(into: Int32Array, count: number, index: number): number {
    let at = index;
    for (;;) {
      if (this.seen[at] === this.stamp) return count;
      this.seen[at] = this.stamp;
      into[count++] = at;
      const state = this.states[at];
      if (state === undefined) return count;
      if (state.kind === "star" || state.kind === "anything") at += 1;
      else if (state.kind === "folders") at += 2;
      else return count;
    }
  }
}

function simpleRegExp(states: State[]): RegExp | undefined {
  let stars = 0;
  let source = "";
  for (const state of states) {
    if (state.kind === "folders-inner") continue;
    if (state.kind === "one") {
      if (state.literal !== undefined) source += state.literal.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
      else if (state.anyButSlash) source += "[^/]";
      else return undefined;
    } else if (++stars > 1) return undefined;
    else if (state.kind === "star") source += "[^/]*";
    else if (state.kind === "anything") source += ".*";
    else if (state.kind === "folders") source += "(?:.*/)?";
  }
  return new RegExp(`^${source}$`, "su");
}

function parse(chars: string[], dialect: GlobDialect): State[] {
  const states: State[] = [];
  let i = 0;
  const startOfSegment = (at: number) => at === 0 || chars[at - 1] === "/";
  while (i < chars.length) {
    const char = chars[i];
    if (char === "*") {
      let end = i;
      while (chars[end] === "*") end++;
      const wholeSegment = end - i >= 2 && startOfSegment(i) && (end === chars.length || chars[end] === "/");
      if (wholeSegment && end < chars.length) {
        // `**/`: any number of whole folders; the slash is part of it
        states.push({ kind: "folders" }, { kind: "folders-inner" });
        i = end + 1;
      } else if (wholeSegment) {
        states.push({ kind: "anything" });
        i = end;
      } else {
        if (states.at(-1)?.kind !== "star") states.push({ kind: "star" });
        i = end;
      }
    } else if (char === "?") {
      states.push({ kind: "one", test: (code) => code !== SLASH, anyButSlash: true });
      i++;
    } else if (char === "[") {
      const set = parseBracket(chars, i, dialect);
      if (set) {
        states.push({ kind: "one", test: set.test });
        i = set.end;
      } else {
        states.push(literal("["));
        i++;
      }
    } else if (char === "\\" && dialect === "git" && i + 1 < chars.length) {
      states.push(literal(chars[i + 1]));
      i += 2;
    } else {
      states.push(literal(char));
      i++;
    }
  }
  return states;
}

function literal(char: string): State {
  const wanted = char.codePointAt(0) ?? 0;
  return { kind: "one", test: (code) => code === wanted, literal: char };
}

const POSIX_CLASSES: Record<string, CharTest> = {
  alnum: (c) => isDigit(c) || isUpper(c) || isLower(c),
  alpha: (c) => isUpper(c) || isLower(c),
  blank: (c) => c === 0x20 || c === 0x09,
  cntrl: (c) => c < 0x20 || c === 0x7f,
  digit: isDigit,
  graph: (c) => c > 0x20 && c < 0x7f,
  lower: isLower,
  print: (c) => c >= 0x20 && c < 0x7f,
  punct: (c) => c > 0x20 && c < 0x7f && !isDigit(c) && !isUpper(c) && !isLower(c),
  // any white space, as the hub has always read it (LFS rules write a path's spaces as [[:space:]])
  space: (c) => WHITE_SPACE.test(String.fromCodePoint(c)),
  upper: isUpper,
  xdigit: (c) => isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66),
};

const WHITE_SPACE = /^\s$/u;

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}
function isUpper(c: number): boolean {
  return c >= 0x41 && c <= 0x5a;
}
function isLower(c: number): boolean {
  return c >= 0x61 && c <= 0x7a;
}

/**
 * A bracket expression starting at `chars[open]` (`[`): its test and the index after its `]`, or
 * undefined when it never closes (the `[` is then an ordinary character).
 */
function parseBracket(
  chars: string[],
  open: number,
  dialect: GlobDialect,
): { test: CharTest; end: number } | undefined {
  let i = open + 1;
  let negated = false;
  if (chars[i] === "!" || (dialect === "git" && chars[i] === "^")) {
    negated = true;
    i++;
  }
  const ranges: [number, number][] = [];
  const classes: CharTest[] = [];
  let first = true;
  while (i < chars.length) {
    let char = chars[i];
    if (char === "]" && !first) {
      const members = (code: number) =>
        ranges.some(([low, high]) => code >= low && code <= high) || classes.some((test) => test(code));
      return {
        test: (code) => code !== SLASH && members(code) !== negated,
        end: i + 1,
      };
    }
    first = false;
    if (dialect === "git" && char === "[" && chars[i + 1] === ":") {
      const close = chars.indexOf(":", i + 2);
      if (close !== -1 && chars[close + 1] === "]") {
        const test = POSIX_CLASSES[chars.slice(i + 2, close).join("")];
        if (test) {
          classes.push(test);
          i = close + 2;
          continue;
        }
      }
    }
    if (dialect === "git" && char === "\\" && i + 1 < chars.length) char = chars[++i];
    const low = char.codePointAt(0) ?? 0;
    if (chars[i + 1] === "-" && i + 2 < chars.length && chars[i + 2] !== "]") {
      let highChar = chars[i + 2];
      let skip = 3;
      if (dialect === "git" && highChar === "\\" && i + 3 < chars.length) {
        highChar = chars[i + 3];
        skip = 4;
      }
      ranges.push([low, highChar.codePointAt(0) ?? 0]);
      i += skip;
    } else {
      ranges.push([low, low]);
      i++;
    }
  }
  return undefined;
}
