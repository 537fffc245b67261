import { createHash, randomBytes } from "node:crypto";
import { createRepo, uploadFiles } from "@huggingface/hub";
import { api } from "./hub-process.js";

export interface SeededFile {
  path: string;
  bytes: Buffer;
  sha256: string;
}

export function randomFile(path: string, size: number): SeededFile {
  const bytes = randomBytes(size);
  return { path, bytes, sha256: createHash("sha256").update(bytes).digest("hex") };
}

/** Creates a model repo on a hub with the official JS client and uploads files (LFS for *.bin). */
export async function seedModel(
  hubUrl: string,
  token: string,
  id: string,
  files: { path: string; content: Buffer | string }[],
  options: { private?: boolean } = {},
): Promise<string> {
  await createRepo({
    repo: { type: "model", name: id },
    accessToken: token,
    hubUrl,
    private: options.private,
  });
  await uploadFiles({
    repo: { type: "model", name: id },
    accessToken: token,
    hubUrl,
    files: files.map((file) => ({ path: file.path, content: new Blob([file.content]) })),
  });
  const info = (await (await api(`${hubUrl}/api/models/${id}`, token)).json()) as { sha: string };
  return info.sha;
}
