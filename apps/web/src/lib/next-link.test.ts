import { describe, expect, it } from "vitest";
import { nextLink } from "./api-client.js";

describe("nextLink", () => {
  it("reads the rel=next target of a Link header", () => {
    expect(nextLink('<http://hub/api/models?limit=2&cursor=abc>; rel="next"')).toBe(
      "http://hub/api/models?limit=2&cursor=abc",
    );
  });

  it("picks next among several relations and ignores others", () => {
    const header = '<http://hub/a?cursor=1>; rel="prev", <http://hub/a?cursor=2>; rel="next"';
    expect(nextLink(header)).toBe("http://hub/a?cursor=2");
    expect(nextLink('<http://hub/a?cursor=1>; rel="prev"')).toBeUndefined();
  });

  it("returns undefined without a header (last page)", () => {
    expect(nextLink(null)).toBeUndefined();
  });
});
