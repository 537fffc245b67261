import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api-error.js";
import { commitBody, commitErrorMessage, pullRequestNumber } from "./commit-api.js";

describe("commitBody", () => {
  it("writes a header with the parent commit, then one NDJSON line per change", () => {
    const body = commitBody({
      summary: "Update README.md",
      description: "",
      parentCommit: "a".repeat(40),
      changes: [
        { kind: "write", path: "README.md", text: "# Héllo ✓\n" },
        { kind: "deleteFile", path: "old.txt" },
        { kind: "deleteFolder", path: "data" },
      ],
    });
    const lines = body
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as { key: string; value: Record<string, string> });
    expect(lines[0]).toEqual({
      key: "header",
      value: { summary: "Update README.md", description: "", parentCommit: "a".repeat(40) },
    });
    expect(lines[1].key).toBe("file");
    expect(Buffer.from(lines[1].value.content, "base64").toString("utf8")).toBe("# Héllo ✓\n");
    expect(lines.slice(2)).toEqual([
      { key: "deletedFile", value: { path: "old.txt" } },
      { key: "deletedFolder", value: { path: "data" } },
    ]);
    expect(body.endsWith("\n")).toBe(true);
  });

  it("leaves parentCommit out when the repo had no commit", () => {
    const header = JSON.parse(commitBody({ summary: "s", description: "d", changes: [] }).split("\n")[0]) as {
      value: object;
    };
    expect(header.value).toEqual({ summary: "s", description: "d" });
  });
});

describe("pullRequestNumber and commitErrorMessage", () => {
  it("reads N from the pull request URL", () => {
    expect(pullRequestNumber("http://hub/a/b/discussions/7")).toBe(7);
    expect(pullRequestNumber(undefined)).toBeUndefined();
    expect(pullRequestNumber("http://hub/a/b/commit/abc")).toBeUndefined();
  });

  it("explains a 412 as a concurrent change and keeps other messages", () => {
    expect(commitErrorMessage(new ApiError(412, "Parent commit x is not the head"), "main")).toMatchObject({
      conflict: true,
      message: expect.stringContaining("Your text is still here"),
    });
    expect(commitErrorMessage(new ApiError(412, "moved"), "dev", false).message).toMatch(
      /committed to dev after this page loaded.*Reload the page/,
    );
    expect(commitErrorMessage(new ApiError(400, "Invalid path"), "main")).toEqual({
      conflict: false,
      message: "Invalid path",
    });
  });
});
