import { describe, expect, it } from "vitest";
import { defaultQuery, shareLink, sqlCellText, tableName } from "./sql-console.js";

describe("SQL console helpers", () => {
  it("quotes split names that are not plain identifiers", () => {
    expect(tableName("train")).toBe("train");
    expect(tableName("train-2024")).toBe('"train-2024"');
    expect(defaultQuery(["test", "train"])).toBe("SELECT * FROM test LIMIT 10;");
  });

  it("shows result cells as text", () => {
    expect(sqlCellText(null)).toBe("null");
    expect(sqlCellText(12)).toBe("12");
    expect(sqlCellText({ a: 1 })).toBe('{"a":1}');
  });

  it("puts the query in the share link and keeps the page's other parameters", () => {
    const link = shareLink(
      "http://hub.lan/datasets/me/data?config=default#x",
      "SELECT label, count(*) FROM train",
    );
    const url = new URL(link);
    expect(url.pathname).toBe("/datasets/me/data");
    expect(url.searchParams.get("config")).toBe("default");
    expect(url.searchParams.get("sql")).toBe("SELECT label, count(*) FROM train");
    expect(url.hash).toBe("");
  });
});
