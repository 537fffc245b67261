import { describe, expect, it } from "vitest";
import {
  addFilter,
  goToRow,
  listingMode,
  readViewerState,
  removeFilter,
  selectConfig,
  selectSplit,
  setSearch,
  toggleSort,
  writeViewerState,
  type ViewerState,
} from "./viewer-state.js";

const empty: ViewerState = { page: 0, search: "", filters: [] };

describe("viewer state in the URL", () => {
  it("round-trips every field and keeps unrelated parameters", () => {
    const state: ViewerState = {
      config: "default",
      split: "test",
      page: 3,
      row: 317,
      search: "",
      filters: [
        { column: "label", op: "=", value: "a,b" },
        { column: "note", op: "is null", value: "" },
      ],
      sort: { column: "len", direction: "desc" },
      sql: "SELECT 1",
    };
    const params = writeViewerState(state, new URLSearchParams("tab=x&p=9"));
    expect(params.get("tab")).toBe("x");
    expect(params.get("p")).toBe("3");
    expect(params.get("sort[column]")).toBe("len");
    expect(readViewerState(new URLSearchParams(params.toString()))).toEqual(state);
  });

  it("reads the defaults from an empty URL and ignores malformed values", () => {
    expect(readViewerState(new URLSearchParams())).toEqual({
      config: undefined,
      split: undefined,
      page: 0,
      row: undefined,
      search: "",
      filters: [],
      sort: undefined,
      sql: undefined,
    });
    const odd = readViewerState(new URLSearchParams('p=-2&row=abc&filter=nope&filter=["a","drop","x"]'));
    expect(odd.page).toBe(0);
    expect(odd.row).toBeUndefined();
    expect(odd.filters).toEqual([]);
  });

  it("writes the first page and an unopened console as nothing", () => {
    expect(writeViewerState(empty).toString()).toBe("");
    expect(writeViewerState({ ...empty, sql: "" }).toString()).toBe("sql=");
  });

  it("picks /rows, /search or /filter from the state", () => {
    expect(listingMode(empty)).toBe("rows");
    expect(listingMode({ ...empty, search: "  cat " })).toBe("search");
    expect(listingMode({ ...empty, sort: { column: "a", direction: "asc" } })).toBe("filter");
  });
});

describe("viewer state transitions", () => {
  it("search and filters exclude each other and go back to the first page", () => {
    const filtered = addFilter({ ...empty, page: 4 }, { column: "a", op: "=", value: "1" });
    expect(filtered.page).toBe(0);
    const searched = setSearch({ ...filtered, sort: { column: "a", direction: "asc" } }, "cat");
    expect(searched.filters).toEqual([]);
    expect(searched.sort).toBeUndefined();
    expect(addFilter(searched, { column: "a", op: "=", value: "1" }).search).toBe("");
  });

  it("does not add the same filter twice and removes by position", () => {
    const one = addFilter(empty, { column: "a", op: "=", value: "1" });
    expect(addFilter(one, { column: "a", op: "=", value: "1" }).filters).toHaveLength(1);
    const two = addFilter(one, { column: "b", op: ">", value: "2" });
    expect(removeFilter(two, 0).filters).toEqual([{ column: "b", op: ">", value: "2" }]);
  });

  it("cycles a column's sort: ascending, descending, none", () => {
    const asc = toggleSort(empty, "len");
    expect(asc.sort).toEqual({ column: "len", direction: "asc" });
    const desc = toggleSort(asc, "len");
    expect(desc.sort).toEqual({ column: "len", direction: "desc" });
    expect(toggleSort(desc, "len").sort).toBeUndefined();
    expect(toggleSort(desc, "other").sort).toEqual({ column: "other", direction: "asc" });
  });

  it("jumps to the page holding a row", () => {
    expect(goToRow(empty, 1_900_042)).toMatchObject({ page: 19_000, row: 1_900_042 });
    expect(goToRow(empty, -5)).toMatchObject({ page: 0, row: 0 });
  });

  it("a new config starts from a clean view and keeps the console open", () => {
    const busy: ViewerState = { ...empty, split: "test", page: 2, search: "x", sql: "SELECT 1" };
    expect(selectConfig(busy, "other")).toEqual({ ...empty, config: "other", sql: "SELECT 1" });
    const filtered = addFilter({ ...busy, config: "c" }, { column: "a", op: "=", value: "1" });
    expect(selectSplit(filtered, "train")).toEqual({
      ...empty,
      config: "c",
      split: "train",
      sql: "SELECT 1",
    });
  });
});
