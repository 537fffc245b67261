import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { checkPython, checkShell, markerOutsideStrings } from "@modelhub/testkit";
import { shellMarkerOutsideLiterals } from "../../src/libraries/fixtures/shell-scan.js";
import {
  DATASET_LIBRARIES_UI_ELEMENTS,
  datasetLibrariesForDataset,
  type DatasetLibraryKey,
  type DatasetLibrarySnippet,
} from "../../src/index.js";
import {
  HOSTILE_HUB,
  HOSTILE_MARKER,
  LOCAL_HUB,
  PUBLIC_HUB,
  buildDatasetFixtures,
  type DatasetFixture,
} from "./fixtures.js";

interface Generated extends DatasetLibrarySnippet {
  label: string;
  key: DatasetLibraryKey;
  fixture: DatasetFixture;
  hubUrl: string;
}

function generateAll(): { generated: Generated[]; crashes: string[] } {
  const generated: Generated[] = [];
  const crashes: string[] = [];
  for (const fixture of buildDatasetFixtures()) {
    for (const { key, library } of datasetLibrariesForDataset(fixture.dataset)) {
      for (const hubUrl of [LOCAL_HUB, PUBLIC_HUB, HOSTILE_HUB]) {
        const label = `${key} / ${fixture.name} / ${hubUrl}`;
        try {
          const snippets = library.snippets(fixture.dataset, { hubUrl });
          if (snippets.length === 0) crashes.push(`${label}: no snippet`);
          for (const s of snippets) generated.push({ ...s, label, key, fixture, hubUrl });
        } catch (error) {
          crashes.push(`${label}: ${(error as Error).message}`);
        }
      }
    }
  }
  return { generated, crashes };
}

const { generated, crashes } = generateAll();
const risky = (g: Generated) => g.fixture.hostile || g.hubUrl === HOSTILE_HUB;
const pythonSnippets = generated.filter((g) => g.language === "python");

/** Every string constant of each Python source, read with Python's own parser. */
function pythonStrings(sources: string[]): string[][] {
  const script = `
import ast, json, sys
out = []
for src in json.load(sys.stdin):
    out.append([n.value for n in ast.walk(ast.parse(src)) if isinstance(n, ast.Constant) and isinstance(n.value, str)])
json.dump(out, sys.stdout)
`;
  const res = spawnSync("python3", ["-c", script], {
    input: JSON.stringify(sources),
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  if (res.status !== 0) throw new Error(res.stderr);
  return JSON.parse(res.stdout) as string[][];
}

/** Whether `marker` occurs in SQL text outside a single-quoted literal (with '' as an escaped quote). */
function sqlMarkerOutsideLiterals(sql: string, marker: string): boolean {
  let outside = "";
  let i = 0;
  while (i < sql.length) {
    if (sql[i] === "'") {
      let j = i + 1;
      while (j < sql.length) {
        if (sql[j] === "'" && sql[j + 1] === "'") j += 2;
        else if (sql[j] === "'") break;
        else j++;
      }
      if (j >= sql.length) return true;
      i = j + 1;
      outside += " ";
    } else if (sql.startsWith("--", i)) {
      const end = sql.indexOf("\n", i);
      const comment = sql.slice(i, end < 0 ? sql.length : end);
      outside += comment;
      i = end < 0 ? sql.length : end;
    } else {
      outside += sql[i++];
    }
  }
  return outside.includes(marker);
}

describe("dataset library snippets, over every library, fixture and hub address", () => {
  it("covers every library with honest and hostile records", () => {
    for (const key of Object.keys(DATASET_LIBRARIES_UI_ELEMENTS)) {
      expect(
        generated.some((g) => g.key === key && g.fixture.hostile),
        key,
      ).toBe(true);
      expect(
        generated.some((g) => g.key === key && !g.fixture.hostile),
        key,
      ).toBe(true);
    }
    expect(generated.length).toBeGreaterThan(200);
  });

  it("never throws for a library the page offers", () => {
    expect(crashes).toEqual([]);
  });

  it("writes Python that parses", () => {
    const results = checkPython(pythonSnippets.map((g) => g.content));
    const failures = results.flatMap((error, i) =>
      error ? [`${pythonSnippets[i].label}: ${error}\n${pythonSnippets[i].content}`] : [],
    );
    expect(failures).toEqual([]);
  });

  it("writes shell that passes bash -n", () => {
    const failures = generated
      .filter((g) => g.language === "sh")
      .flatMap((g) => {
        const error = checkShell(g.content);
        return error ? [`${g.label}: ${error}`] : [];
      });
    expect(failures).toEqual([]);
  });

  it("keeps hostile ids, file names, split and config names inside Python literals", () => {
    const hostile = pythonSnippets.filter(risky);
    expect(hostile.length).toBeGreaterThan(50);
    const outside = markerOutsideStrings(
      "python",
      hostile.map((g) => g.content),
      HOSTILE_MARKER,
    );
    expect(hostile.filter((_, i) => outside[i]).map((g) => `${g.label}\n${g.content}`)).toEqual([]);
  });

  it("keeps hostile text inside shell literals", () => {
    const hostile = generated.filter((g) => g.language === "sh" && risky(g));
    expect(hostile.length).toBeGreaterThan(5);
    expect(
      hostile.filter((g) => shellMarkerOutsideLiterals(g.content, HOSTILE_MARKER)).map((g) => g.label),
    ).toEqual([]);
  });

  it("puts every SQL value in a SQL string literal, in the CLI and inside Python", () => {
    const sql = generated.filter((g) => g.language === "sql");
    const duckPython = pythonSnippets.filter((g) => g.key === "duckdb" && g.content.includes("duckdb.sql("));
    const embedded = pythonStrings(duckPython.map((g) => g.content)).map((strings) =>
      strings.filter((s) => /^\s*SELECT /.test(s)),
    );
    expect(embedded.every((queries) => queries.length === 1)).toBe(true);
    const queries = [
      ...sql.map((g) => ({ label: g.label, text: g.content, hostile: risky(g) })),
      ...duckPython.map((g, i) => ({ label: g.label, text: embedded[i][0], hostile: risky(g) })),
    ];
    expect(queries.filter((q) => q.hostile).length).toBeGreaterThan(10);
    expect(
      queries.filter((q) => sqlMarkerOutsideLiterals(q.text, HOSTILE_MARKER)).map((q) => q.label),
    ).toEqual([]);
  });

  it("quotes each WebDataset shard URL as a shell word inside its pipe: command", () => {
    const wds = pythonSnippets.filter((g) => g.key === "webdataset");
    const pipes = pythonStrings(wds.map((g) => g.content)).flatMap((strings, i) =>
      strings
        .filter((s) => s.startsWith("pipe:"))
        .map((s) => ({ label: wds[i].label, command: s.slice(5), hostile: risky(wds[i]) })),
    );
    expect(pipes.filter((p) => p.hostile).length).toBeGreaterThan(10);
    expect(pipes.filter((p) => checkShell(p.command) !== null).map((p) => p.label)).toEqual([]);
    expect(
      pipes.filter((p) => shellMarkerOutsideLiterals(p.command, HOSTILE_MARKER)).map((p) => p.label),
    ).toEqual([]);
    // At most 16 shards are listed, with a note saying so.
    const many = wds.find((g) => g.fixture.name === "webdataset" && g.hubUrl === LOCAL_HUB);
    expect(many?.content.match(/pipe:curl/g)?.length).toBe(16);
    expect(many?.content).toContain("The first 16 of 20 shards");
  });

  it("names the real file paths of the record in honest snippets", () => {
    const csv = generated.filter((g) => g.fixture.name === "csv single" && g.hubUrl === LOCAL_HUB);
    for (const g of csv.filter((c) => ["pandas", "polars", "duckdb", "dask"].includes(c.key)))
      expect(g.content).toContain("part.csv");
  });

  it("writes no tabs or carriage returns of its own", () => {
    const honest = generated.filter((g) => !risky(g));
    expect(honest.filter((g) => /\t|\r/.test(g.content)).map((g) => g.label)).toEqual([]);
  });
});
