import { PAGE_SIZE } from "./viewer-state.js";

export function pageCount(totalRows: number, pageSize = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(totalRows / pageSize));
}

/**
 * Page numbers (0-based) to offer: the first, the last, and a window around the current page, with
 * `"gap"` where pages are skipped — "1 2 3 … 10" style, at most about `width + 4` entries.
 */
export function pageItems(current: number, count: number, width = 2): (number | "gap")[] {
  const pages = new Set<number>([0, count - 1]);
  for (let page = current - width; page <= current + width; page++) {
    if (page >= 0 && page < count) pages.add(page);
  }
  const sorted = [...pages].sort((a, b) => a - b);
  const items: (number | "gap")[] = [];
  for (const page of sorted) {
    const previous = items.at(-1);
    if (typeof previous === "number" && page - previous === 2) items.push(previous + 1);
    else if (typeof previous === "number" && page - previous > 2) items.push("gap");
    items.push(page);
  }
  return items;
}

/** "Rows 101–200 of 2,000,000". */
export function rowRangeLabel(page: number, rowsOnPage: number, totalRows: number): string {
  if (totalRows === 0 || rowsOnPage === 0) return "No rows";
  const first = page * PAGE_SIZE + 1;
  const last = page * PAGE_SIZE + rowsOnPage;
  return `Rows ${first.toLocaleString("en")}–${last.toLocaleString("en")} of ${totalRows.toLocaleString("en")}`;
}
