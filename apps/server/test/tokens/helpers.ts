import { bearer, postJson, type TestHub } from "../platform/helpers/test-hub.js";

export interface Scope {
  entity: { type: string; name?: string; _id?: string };
  permissions: string[];
}

/** Creates a fine-grained token of the user of `creator` (a write token) and returns its value. */
export async function fineGrainedToken(
  hub: TestHub,
  creator: string,
  scoped: Scope[],
  extra: { global?: string[]; canReadGatedRepos?: boolean; expiresAt?: string } = {},
): Promise<string> {
  const { expiresAt, ...permissions } = extra;
  const res = await postJson(
    `${hub.url}/api/settings/tokens`,
    {
      displayName: "fine",
      role: "fineGrained",
      fineGrained: { global: [], canReadGatedRepos: false, ...permissions, scoped },
      ...(expiresAt ? { expiresAt } : {}),
    },
    creator,
  );
  if (res.status !== 200) throw new Error(`token creation: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** One commit of `files` (path → text) through the commit API. */
export function commitFiles(
  hub: TestHub,
  token: string,
  repo: string,
  files: Record<string, string>,
  kind = "models",
): Promise<Response> {
  const body = [
    JSON.stringify({ key: "header", value: { summary: "tokens test", description: "" } }),
    ...Object.entries(files).map(([file, text]) =>
      JSON.stringify({
        key: "file",
        value: { path: file, content: Buffer.from(text).toString("base64"), encoding: "base64" },
      }),
    ),
  ].join("\n");
  return fetch(`${hub.url}/api/${kind}/${repo}/commit/main`, {
    method: "POST",
    headers: { ...bearer(token), "Content-Type": "application/x-ndjson" },
    body,
  });
}

export async function createRepo(
  hub: TestHub,
  token: string,
  owner: string,
  name: string,
  options: { private?: boolean; type?: string } = {},
): Promise<void> {
  const res = await postJson(
    `${hub.url}/api/repos/create`,
    {
      name,
      organization: owner,
      type: options.type ?? "model",
      private: options.private ?? true,
      ...(options.type === "space" ? { sdk: "static" } : {}),
      files: [{ path: "README.md", content: `# ${name}\n`, encoding: "utf-8" }],
    },
    token,
  );
  if (res.status !== 200) throw new Error(`repo ${owner}/${name}: ${res.status} ${await res.text()}`);
}

export async function errorOf(res: Response): Promise<string> {
  const text = await res.text();
  try {
    return String((JSON.parse(text) as { error?: unknown }).error);
  } catch {
    return text;
  }
}
