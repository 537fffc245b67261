import { describe, expect, it } from "vitest";
import type { ViewerState } from "../lib/viewer-state.js";
import { ApiError } from "../../../lib/api-error.js";
import { isNotReady, listingRequest } from "./viewer-api.js";

const base: ViewerState = { page: 0, search: "", filters: [] };
const numeric = (column: string) => column === "stars";

describe("listing requests", () => {
  it("pages /rows 100 rows at a time", () => {
    expect(listingRequest("me/data", "default", "train", { ...base, page: 19_000 }, numeric)).toEqual({
      path: "/datasets-server/rows",
      query: { dataset: "me/data", config: "default", split: "train", offset: 1_900_000, length: 100 },
    });
  });

  it("sends a search as /search?query=", () => {
    const request = listingRequest("me/data", "c", "s", { ...base, search: " great " }, numeric);
    expect(request.path).toBe("/datasets-server/search");
    expect(request.query.query).toBe("great");
  });

  it("sends filters and sorting as /filter?where=&orderby=", () => {
    const request = listingRequest(
      "me/data",
      "c",
      "s",
      {
        ...base,
        page: 1,
        filters: [
          { column: "stars", op: ">=", value: "4" },
          { column: "text", op: "contains", value: "fast" },
        ],
        sort: { column: "stars", direction: "desc" },
      },
      numeric,
    );
    expect(request).toEqual({
      path: "/datasets-server/filter",
      query: {
        dataset: "me/data",
        config: "c",
        split: "s",
        offset: 100,
        length: 100,
        where: `"stars" >= 4 AND "text" ILIKE '%fast%'`,
        orderby: '"stars" DESC',
      },
    });
  });
});

describe("conversion still running", () => {
  it("is the Hub's ResponseNotReady or this hub's 503", () => {
    expect(isNotReady(new ApiError(500, "not ready", "ResponseNotReady"))).toBe(true);
    expect(isNotReady(new ApiError(503, "The dataset is being converted to Parquet; retry"))).toBe(true);
    expect(isNotReady(new ApiError(503, "Parquet files are on their way", "ResponseNotReady"))).toBe(true);
    expect(isNotReady(new ApiError(503, "The query ran longer than 5000 ms and was stopped"))).toBe(false);
    expect(isNotReady(new ApiError(404, "no such split"))).toBe(false);
    expect(isNotReady(new Error("x"))).toBe(false);
  });
});
