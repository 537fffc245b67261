import type { RepoScanAnswer } from "@modelhub/api-types";

function auth(token: string | undefined): Record<string, string> {
  return token ? { Authorization: `Bearer ${token}` } : {};
}

export async function createRepo(hubUrl: string, token: string, id: string, type = "model"): Promise<void> {
  const [organization, name] = id.split("/");
  const response = await fetch(`${hubUrl}/api/repos/create`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...auth(token) },
    body: JSON.stringify({ name, organization, type }),
  });
  if (!response.ok && response.status !== 409)
    throw new Error(`create ${id}: ${response.status} ${await response.text()}`);
}

/** One NDJSON commit of inline files (paths `.gitattributes` routes to LFS become LFS objects). */
export async function commitFiles(
  hubUrl: string,
  token: string,
  id: string,
  files: { path: string; bytes: Buffer | string }[],
  type = "model",
): Promise<void> {
  const lines = [
    { key: "header", value: { summary: "add files", description: "" } },
    ...files.map((file) => ({
      key: "file",
      value: { path: file.path, encoding: "base64", content: Buffer.from(file.bytes).toString("base64") },
    })),
  ];
  const response = await fetch(`${hubUrl}/api/${type}s/${id}/commit/main`, {
    method: "POST",
    headers: { "Content-Type": "application/x-ndjson", ...auth(token) },
    body: lines.map((line) => JSON.stringify(line)).join("\n"),
  });
  if (!response.ok) throw new Error(`commit to ${id}: ${response.status} ${await response.text()}`);
}

/** Polls `GET …/scan` until no file of the repo waits for its scan. */
export async function waitForScans(
  hubUrl: string,
  token: string | undefined,
  id: string,
  type = "model",
  timeoutMs = 60_000,
): Promise<RepoScanAnswer> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${hubUrl}/api/${type}s/${id}/scan?files=true`, { headers: auth(token) });
    const answer = (await response.json()) as RepoScanAnswer;
    if (response.ok && answer.scansDone) return answer;
    if (Date.now() > deadline) throw new Error(`scans of ${id} still pending: ${JSON.stringify(answer)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
