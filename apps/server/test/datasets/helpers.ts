import { afterAll, beforeAll, expect } from "vitest";
import { toRepoRecord } from "../../src/platform/repos.js";
import { postJson, startTestHub, type TestHub } from "../platform/helpers/test-hub.js";

/** The hub a test file runs against, and a write token of `alice` on it. */
export interface AliceHub {
  hub: TestHub;
  token: string;
}

/** Starts a hub before the file's tests (with a token of `alice`) and stops it after them. */
export function hubWithAlice(): AliceHub {
  const site = {} as AliceHub;
  beforeAll(async () => {
    site.hub = await startTestHub();
    site.token = await site.hub.tokenFor("alice");
  });
  afterAll(async () => {
    await site.hub?.stop();
  });
  return site;
}

/** Creates a dataset of `owner` (a user with `token`) holding `files`, and waits for its conversion. */
export async function datasetWithFiles(
  hub: TestHub,
  token: string,
  id: string,
  files: Record<string, string | Uint8Array>,
  options: { private?: boolean } = {},
): Promise<void> {
  const [owner, name] = id.split("/");
  const created = await postJson(
    `${hub.url}/api/repos/create`,
    { name, organization: owner, type: "dataset", private: options.private ?? false },
    token,
  );
  if (created.status !== 200) throw new Error(`create ${id}: ${created.status} ${await created.text()}`);
  await commitToDataset(hub, id, files);
}

/** Commits files to a dataset's main branch and waits for the conversion queue to settle. */
export async function commitToDataset(
  hub: TestHub,
  id: string,
  files: Record<string, string | Uint8Array>,
): Promise<void> {
  const row = await hub.services.repos.find("dataset", id);
  if (!row) throw new Error(`no dataset ${id}`);
  await hub.content.commitFiles(toRepoRecord(row), {
    files: Object.entries(files).map(([path, content]) => ({ path, content })),
    title: "add data",
    author: row.owner,
  });
  await hub.datasetViewer?.queue.whenIdle();
}

export async function getJson<T = Record<string, unknown>>(
  url: string,
  token?: string,
): Promise<{ status: number; body: T }> {
  const response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  return { status: response.status, body: (await response.json()) as T };
}

export function viewerUrl(hub: TestHub, route: string, params: Record<string, string | number>): string {
  const query = new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)]));
  return `${hub.url}/datasets-server/${route}?${query}`;
}

/** An anonymous call to a viewer route that must answer 200 (the body is shown when it does not). */
export async function viewerOk<T>(
  hub: TestHub,
  route: string,
  params: Record<string, string | number>,
): Promise<T> {
  const { status, body } = await getJson<T>(viewerUrl(hub, route, params));
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
}
