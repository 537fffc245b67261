import { parquetWriteBuffer } from "hyparquet-writer";
import type { Cell, Row } from "./dataset-rows.js";

function flatValue(cell: Cell): string | number | boolean {
  return typeof cell === "object" ? JSON.stringify(cell) : cell;
}

function csvField(value: string | number | boolean): string {
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: Row[]): string {
  const columns = Object.keys(rows[0] ?? {});
  const lines = [columns.map(csvField).join(",")];
  for (const row of rows) lines.push(columns.map((column) => csvField(flatValue(row[column]))).join(","));
  return `${lines.join("\n")}\n`;
}

export function toJsonl(rows: Row[]): string {
  return rows.map((row) => JSON.stringify(row)).join("\n") + "\n";
}

/** Parquet via hyparquet-writer: integers as INT32, other numbers as DOUBLE, nested values as JSON text. */
export function toParquet(rows: Row[]): Uint8Array {
  const columns = Object.keys(rows[0] ?? {});
  const columnData = columns.map((name) => {
    const values = rows.map((row) => flatValue(row[name]));
    if (values.every((v) => typeof v === "boolean"))
      return { name, data: values as boolean[], type: "BOOLEAN" as const };
    if (values.every((v) => typeof v === "number")) {
      const numbers = values as number[];
      return numbers.every((v) => Number.isInteger(v) && Math.abs(v) < 2 ** 31)
        ? { name, data: numbers, type: "INT32" as const }
        : { name, data: numbers, type: "DOUBLE" as const };
    }
    return { name, data: values.map(String), type: "STRING" as const };
  });
  return new Uint8Array(parquetWriteBuffer({ columnData }));
}
