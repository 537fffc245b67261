import { describe, expect, it } from "vitest";
import { fromQuery, NO_FILTERS, toQuery } from "./query.js";

describe("audit log filters", () => {
  it("writes the API's q and reads it back", () => {
    const filters = { type: "repo.*", author: "alice", ip: "10.0.0.7", from: "2025-05-01", to: "2025-05-31" };
    const q = toQuery(filters);
    expect(q).toBe("type:repo.* author:alice ip:10.0.0.7 created:2025-05-01..2025-05-31");
    expect(fromQuery(q)).toEqual(filters);
    expect(toQuery({ ...NO_FILTERS, from: "2025-05-01" })).toBe("created:>=2025-05-01");
    expect(fromQuery("created:<=2025-06-01")).toEqual({ ...NO_FILTERS, to: "2025-06-01" });
    expect(toQuery(NO_FILTERS)).toBe("");
  });

  it("keeps odd input inside one term", () => {
    expect(toQuery({ ...NO_FILTERS, author: 'a b"c' })).toBe('author:"a bc"');
  });
});
