import { describe, expect, it } from "vitest";
import { SPACES_SHOWN, spaceUsesView, spacesUsingView } from "./repo-links-view.js";

describe("repo links views", () => {
  it("hides the spaces card when no space uses the model", () => {
    expect(spacesUsingView(undefined, false)).toBeUndefined();
    expect(spacesUsingView([], false)).toBeUndefined();
    expect(spacesUsingView([42, ""], false)).toBeUndefined();
  });

  it("shows the first spaces with a count of the rest, and all when expanded", () => {
    const ids = Array.from({ length: SPACES_SHOWN + 3 }, (_, i) => `team/space-${i}`);
    const folded = spacesUsingView(ids, false);
    expect(folded?.total).toBe(SPACES_SHOWN + 3);
    expect(folded?.hidden).toBe(3);
    expect(folded?.shown[0]).toEqual({ id: "team/space-0", href: "/spaces/team/space-0" });
    expect(folded?.shown).toHaveLength(SPACES_SHOWN);
    const open = spacesUsingView(ids, true);
    expect(open?.shown).toHaveLength(SPACES_SHOWN + 3);
    expect(open?.hidden).toBe(0);
  });

  it("links a space's models and datasets, without repeats or unsafe ids", () => {
    expect(spaceUsesView([], undefined)).toEqual([]);
    const groups = spaceUsesView(["acme/bert", "ACME/bert", "gpt2", "../evil", "a/b/c", 7], ["acme/reviews"]);
    expect(groups).toEqual([
      {
        kind: "model",
        label: "Models used",
        repos: [
          { id: "acme/bert", href: "/acme/bert" },
          { id: "gpt2", href: "/gpt2" },
        ],
      },
      {
        kind: "dataset",
        label: "Datasets used",
        repos: [{ id: "acme/reviews", href: "/datasets/acme/reviews" }],
      },
    ]);
    expect(spaceUsesView(undefined, ["acme/reviews"]).map((g) => g.kind)).toEqual(["dataset"]);
  });
});
