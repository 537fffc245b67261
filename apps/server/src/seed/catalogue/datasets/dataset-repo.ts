import { oneOrMany, readme } from "../files/card.js";
import type { DemoFile } from "../types.js";
import { generateRows } from "./dataset-rows.js";
import { toCsv, toJsonl, toParquet } from "./tabular-writers.js";

export interface DatasetRow {
  id: string;
  taskCategories: string[];
  license: string;
  languages: string[];
  size: string;
  format: "csv" | "jsonl" | "parquet";
  schema: string;
  prettyName: string;
  description: string;
}

export function parseDatasetLine(line: string): DatasetRow {
  const cells = line.split("|").map((cell) => cell.trim());
  if (cells.length !== 9) throw new Error(`dataset line needs 9 cells: ${line}`);
  const [id, tasks, license, languages, size, format, schema, prettyName, description] = cells;
  if (format !== "csv" && format !== "jsonl" && format !== "parquet")
    throw new Error(`unknown format ${format} in ${id}`);
  return {
    id,
    taskCategories: tasks.split(",").map((t) => t.trim()),
    license,
    languages: languages === "-" ? [] : languages.split(",").map((l) => l.trim()),
    size,
    format,
    schema,
    prettyName,
    description,
  };
}

function dataFile(row: DatasetRow, split: string, count: number): DemoFile {
  const rows = generateRows(row.schema, `${row.id}/${split}`, count);
  const path = `data/${split}.${row.format}`;
  if (row.format === "csv") return { path, content: toCsv(rows) };
  if (row.format === "jsonl") return { path, content: toJsonl(rows) };
  return { path, content: toParquet(rows) };
}

/** README with `configs` pointing at the split files, plus a train and a test split. */
export function datasetFiles(row: DatasetRow): DemoFile[] {
  const data = [dataFile(row, "train", 24), dataFile(row, "test", 8)];
  const frontMatter = {
    license: row.license,
    language: oneOrMany(row.languages),
    task_categories: row.taskCategories,
    size_categories: [row.size],
    pretty_name: row.prettyName,
    configs: [
      {
        config_name: "default",
        data_files: data.map((file) => ({ split: file.path.slice(5).split(".")[0], path: file.path })),
      },
    ],
  };
  const body = [
    `# ${row.prettyName}`,
    row.description,
    "## Structure",
    `Two splits, \`train\` and \`test\`, stored as ${row.format.toUpperCase()} under \`data/\`. The dataset viewer shows the first rows of each.`,
    "## About this copy",
    "This is a small sample written for the ModelHub demo catalogue so the viewer and previews have something to show. It keeps the column layout of the original dataset but not its contents; use the original for training or evaluation.",
  ].join("\n\n");
  return [{ path: "README.md", content: readme(frontMatter, body) }, ...data];
}
