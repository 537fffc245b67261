import { describe, expect, it } from "vitest";
import {
  describeFilter,
  filterClause,
  literal,
  orderByClause,
  quoteIdentifier,
  whereClause,
} from "./where.js";

describe("where and orderby for /filter", () => {
  it("quotes identifiers and strings by doubling their quote character", () => {
    expect(quoteIdentifier('say "hi"')).toBe('"say ""hi"""');
    expect(literal("it's", false)).toBe("'it''s'");
  });

  it("writes numbers bare only for numeric columns", () => {
    expect(literal("42", true)).toBe("42");
    expect(literal("-1.5e3", true)).toBe("-1.5e3");
    expect(literal("42", false)).toBe("'42'");
    expect(literal("forty", true)).toBe("'forty'");
    expect(literal("TRUE", true)).toBe("true");
  });

  it("joins filters with AND, each operator in the grammar the API parses", () => {
    const numeric = (column: string) => column === "age";
    const where = whereClause(
      [
        { column: "age", op: ">=", value: "30" },
        { column: "name", op: "=", value: "O'Brien" },
        { column: "note", op: "is null", value: "" },
        { column: "text", op: "contains", value: "good" },
      ],
      numeric,
    );
    expect(where).toBe(`"age" >= 30 AND "name" = 'O''Brien' AND "note" IS NULL AND "text" ILIKE '%good%'`);
    expect(whereClause([], numeric)).toBe("");
    expect(filterClause({ column: "x", op: "is not null", value: "ignored" })).toBe('"x" IS NOT NULL');
  });

  it("writes orderby as a quoted column and direction", () => {
    expect(orderByClause({ column: "len gth", direction: "desc" })).toBe('"len gth" DESC');
    expect(orderByClause(undefined)).toBe("");
  });

  it("describes a filter for its chip", () => {
    expect(describeFilter({ column: "label", op: "=", value: "1" })).toBe("label = 1");
    expect(describeFilter({ column: "label", op: "is null", value: "" })).toBe("label is null");
  });
});
