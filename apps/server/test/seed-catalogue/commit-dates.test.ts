import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRepoContent, type RepoContent as ContentService } from "../../src/content/index.js";
import { createRepoEvents } from "../../src/platform/repo-events.js";
import { toRepoRecord } from "../../src/platform/repos.js";
import type { DemoCatalogue, DemoRepo } from "../../src/seed/catalogue/types.js";
import { importCatalogue, seededUpdateDate } from "../../src/seed/import-catalogue.js";
import { DIALECTS, startTestHub, type TestHub } from "../platform/helpers/test-hub.js";
import type { RepoContent } from "../../src/domain/ports.js";

const LIMIT = Date.parse("2026-11-01T00:00:00Z");

function demoRepo(id: string, createdAt: string): DemoRepo {
  return {
    type: "model",
    id,
    createdAt,
    likes: 1,
    downloads: 0,
    files: [
      { path: "README.md", content: `---\nlicense: mit\n---\n# ${id}\n` },
      { path: "config.json", content: '{"model_type":"bert"}\n' },
    ],
  };
}

const REPOS = [
  demoRepo("dated-org/older-model", "2023-03-04T00:00:00.000Z"),
  demoRepo("dated-org/newer-model", "2025-06-07T00:00:00.000Z"),
];
const catalogue: DemoCatalogue = { users: [], orgs: [], repos: REPOS, providerMappings: [] };

/**
 * The content seam as the importer sees it, built on a content service of the hub's data folder that
 * hands the commit date through (the hub's own seam in compose/content-module.ts does not forward it yet).
 */
function datedSeam(hub: TestHub, service: ContentService): RepoContent {
  return {
    ...hub.content,
    commitFiles: async (repo, input) => {
      const date = (input as { date?: Date }).date;
      const files = input.files.map((file) => ({
        path: file.path,
        content: typeof file.content === "string" ? file.content : Buffer.from(file.content),
      }));
      const result = await service.commitFiles(repo, {
        files,
        title: input.title,
        author: input.author,
        date,
      });
      return { sha: result.sha, date: result.date, title: result.title };
    },
  };
}

function pick(info: object): { createdAt: unknown; lastModified: unknown } {
  const { createdAt, lastModified } = info as { createdAt?: unknown; lastModified?: unknown };
  return { createdAt, lastModified };
}

function git(dir: string, args: string[]): { status: number | null; out: string } {
  const run = spawnSync("git", ["--git-dir", dir, ...args], { encoding: "utf8", timeout: 60_000 });
  return { status: run.status, out: `${run.stdout}${run.stderr}`.trim() };
}

describe("seededUpdateDate", () => {
  it("is the same on every run, whole seconds, between creation and 2026-11-01", () => {
    const now = new Date("2026-11-21T00:00:00Z");
    for (const repo of REPOS) {
      const date = seededUpdateDate(repo, now);
      expect(seededUpdateDate(repo, now).getTime()).toBe(date.getTime());
      expect(date.getTime() % 1000).toBe(0);
      expect(date.getTime()).toBeGreaterThanOrEqual(Date.parse(repo.createdAt!));
      expect(date.getTime()).toBeLessThanOrEqual(LIMIT);
    }
    expect(seededUpdateDate(REPOS[0], now).getTime()).not.toBe(seededUpdateDate(REPOS[1], now).getTime());
  });

  it("mostly lands within 18 months of creation, the rest up to 2026-11-01", () => {
    const now = new Date("2026-11-21T00:00:00Z");
    const created = "2020-03-01T00:00:00.000Z";
    let recent = 0;
    for (let i = 0; i < 400; i++) {
      const repo = { id: `spread-org/model-${i}`, createdAt: created };
      const gap = seededUpdateDate(repo, now).getTime() - Date.parse(created);
      expect(gap).toBeGreaterThanOrEqual(0);
      expect(gap).toBeLessThanOrEqual(LIMIT - Date.parse(created));
      if (gap <= 548 * 86_400_000) recent++;
    }
    expect(recent).toBeGreaterThan(320);
    expect(recent).toBeLessThan(400);
  });

  it("stays between creation and the limit when creation is close to it", () => {
    const now = new Date("2026-11-21T00:00:00Z");
    const repo = { id: "dated-org/fresh-model", createdAt: "2026-10-30T12:00:00.000Z" };
    const date = seededUpdateDate(repo, now).getTime();
    expect(date).toBeGreaterThanOrEqual(Date.parse(repo.createdAt));
    expect(date).toBeLessThanOrEqual(LIMIT);
    // Created after the limit (or with no date): no later than creation, never ahead of the clock.
    expect(seededUpdateDate({ id: "x/late", createdAt: "2026-11-10T00:00:00.000Z" }, now).toISOString()).toBe(
      "2026-11-10T00:00:00.000Z",
    );
    expect(seededUpdateDate({ id: "x/undated" }, now).getTime()).toBeGreaterThanOrEqual(
      Date.parse("2023-01-01"),
    );
  });

  it("never lies ahead of the clock", () => {
    const now = new Date("2025-01-01T00:00:00Z");
    expect(seededUpdateDate(REPOS[1], now).getTime()).toBeLessThanOrEqual(now.getTime());
  });
});

describe.each(DIALECTS)("importing repos with commit dates (%s)", (dialect) => {
  let hub: TestHub;
  let service: ContentService;

  beforeAll(async () => {
    hub = await startTestHub({ dialect });
    service = createRepoContent({
      dataDir: hub.dataDir,
      events: createRepoEvents(hub.services.repos),
      logger: hub.logger,
    });
    await service.start();
    const result = await importCatalogue(
      { services: hub.services, content: datedSeam(hub, service), logger: hub.logger },
      catalogue,
    );
    expect(result.repos).toBe(2);
  }, 120_000);
  afterAll(() => hub?.stop(), 60_000);

  it("reports the seeded date as lastModified and keeps createdAt from the catalogue", async () => {
    for (const repo of REPOS) {
      const res = await fetch(`${hub.url}/api/models/${repo.id}`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { lastModified: string; createdAt: string };
      expect(body.lastModified).toBe(seededUpdateDate(repo).toISOString());
      expect(body.createdAt).toBe(repo.createdAt);
    }
  });

  it("writes the date into git as author and committer date, with a clean fsck", async () => {
    for (const repo of REPOS) {
      const row = await hub.services.repos.find("model", repo.id);
      const dir = service.repoDir(toRepoRecord(row!));
      const dates = git(dir, ["log", "-1", "--format=%aI %cI", "main"]);
      expect(dates.status).toBe(0);
      const expected = seededUpdateDate(repo).toISOString().replace(".000Z", "Z");
      const [author, committer] = dates.out.split(" ").map((d) => new Date(d).toISOString());
      expect(author.replace(".000Z", "Z")).toBe(expected);
      expect(committer.replace(".000Z", "Z")).toBe(expected);
      const fsck = git(dir, ["fsck", "--strict", "--no-dangling"]);
      expect(fsck.status, fsck.out).toBe(0);
      expect(fsck.out).toBe("");
    }
  });

  it("shows the date in the commit list and orders listings by it", async () => {
    const [older, newer] = REPOS;
    const res = await fetch(`${hub.url}/api/models/${older.id}/commits/main`);
    const commits = (await res.json()) as { date: string }[];
    expect(commits[0].date).toBe(seededUpdateDate(older).toISOString());

    const listed = await fetch(`${hub.url}/api/models?sort=lastModified&direction=-1`);
    const ids = ((await listed.json()) as { id: string }[]).map((m) => m.id);
    const byDate = [...REPOS].sort((a, b) => seededUpdateDate(b).getTime() - seededUpdateDate(a).getTime());
    expect(ids).toEqual(byDate.map((r) => r.id));
    expect(ids).toContain(newer.id);
  });

  it("lands the same dates when the catalogue is imported again into a fresh hub", async () => {
    const second = await startTestHub({ dialect });
    try {
      const secondService = createRepoContent({
        dataDir: second.dataDir,
        events: createRepoEvents(second.services.repos),
        logger: second.logger,
      });
      await secondService.start();
      const result = await importCatalogue(
        { services: second.services, content: datedSeam(second, secondService), logger: second.logger },
        catalogue,
      );
      expect(result.repos).toBe(2);
      for (const repo of REPOS) {
        const [a, b] = await Promise.all(
          [hub, second].map(
            async (h) => (await (await fetch(`${h.url}/api/models/${repo.id}`)).json()) as object,
          ),
        );
        expect(pick(b)).toEqual(pick(a));
        expect(pick(b)).toEqual({
          createdAt: repo.createdAt,
          lastModified: seededUpdateDate(repo).toISOString(),
        });
      }
    } finally {
      await second.stop();
    }
  }, 120_000);

  it("dates commits without a given date now, and refuses dates far in the future or before 2000", async () => {
    const row = await hub.services.repos.find("model", REPOS[0].id);
    const record = toRepoRecord(row!);
    const before = Date.now() - 1000;
    const plain = await hub.content.commitFiles(record, {
      files: [{ path: "notes.txt", content: "later edit\n" }],
      title: "Edit",
      author: record.owner,
    });
    expect(plain.date.getTime()).toBeGreaterThanOrEqual(before);
    const info = (await (await fetch(`${hub.url}/api/models/${REPOS[0].id}`)).json()) as {
      lastModified: string;
    };
    expect(Date.parse(info.lastModified)).toBeGreaterThanOrEqual(before);

    for (const date of [new Date(Date.now() + 3_600_000), new Date("1999-12-31T00:00:00Z")]) {
      await expect(
        service.commitFiles(record, { files: [], title: "x", author: record.owner, date }),
      ).rejects.toMatchObject({ status: 400 });
    }
  });
});
