import { bearer, postJson } from "../platform/helpers/test-hub.js";

export async function json(response: Response): Promise<Record<string, unknown>> {
  return (await response.json()) as Record<string, unknown>;
}

/** One commit through the NDJSON commit API; answers the new commit id. */
export async function commitFile(
  hubUrl: string,
  token: string,
  repo: string,
  path: string,
  text: string,
): Promise<string> {
  const response = await fetch(`${hubUrl}/api/models/${repo}/commit/main`, {
    method: "POST",
    headers: { ...bearer(token), "Content-Type": "application/x-ndjson" },
    body: [
      JSON.stringify({ key: "header", value: { summary: `update ${path}`, description: "" } }),
      JSON.stringify({
        key: "file",
        value: { path, content: Buffer.from(text).toString("base64"), encoding: "base64" },
      }),
    ].join("\n"),
  });
  const body = await json(response);
  if (response.status !== 200) throw new Error(`commit failed: ${response.status} ${JSON.stringify(body)}`);
  return body.commitOid as string;
}

export async function createRepo(
  hubUrl: string,
  token: string,
  name: string,
  extra: object = {},
): Promise<void> {
  const response = await postJson(`${hubUrl}/api/repos/create`, { name, type: "model", ...extra }, token);
  if (response.status !== 200) throw new Error(`create failed: ${response.status} ${await response.text()}`);
}

export async function createWebhook(
  hubUrl: string,
  token: string,
  body: Record<string, unknown>,
): Promise<{ status: number; body: Record<string, unknown>; id: string }> {
  const response = await postJson(`${hubUrl}/api/settings/webhooks`, body, token);
  const parsed = await json(response);
  const webhook = parsed.webhook as { id?: string } | undefined;
  return { status: response.status, body: parsed, id: webhook?.id ?? "" };
}

export interface DeliveryJson {
  id: string;
  scope: string;
  action: string;
  state: string;
  attempts: number;
  replayOf: string | null;
  payload: Record<string, unknown>;
  log: {
    attempt: number;
    responseStatus: number | null;
    error: string | null;
    responseExcerpt: string | null;
  }[];
}

export async function deliveries(hubUrl: string, token: string, id: string): Promise<DeliveryJson[]> {
  const response = await fetch(`${hubUrl}/api/settings/webhooks/${id}/deliveries`, {
    headers: bearer(token),
  });
  return ((await json(response)).deliveries ?? []) as DeliveryJson[];
}

/** Polls `read` until `done` accepts its answer (bounded). */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until)
      throw new Error(`condition not met within ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
