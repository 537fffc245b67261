export interface LfsPointer {
  oid: string;
  size: number;
}

const POINTER_VERSION = "version https://git-lfs.github.com/spec/v1";
/** Pointer files are tiny; anything bigger is regular content. */
export const MAX_POINTER_SIZE = 1024;

export function formatPointer(pointer: LfsPointer): string {
  return `${POINTER_VERSION}\noid sha256:${pointer.oid}\nsize ${pointer.size}\n`;
}

export function parsePointer(text: Buffer | string): LfsPointer | undefined {
  const content = typeof text === "string" ? text : text.toString("utf8");
  if (content.length > MAX_POINTER_SIZE || !content.startsWith("version https://git-lfs")) return undefined;
  const oid = /^oid sha256:([0-9a-f]{64})$/m.exec(content)?.[1];
  const size = /^size (\d+)$/m.exec(content)?.[1];
  if (!oid || size === undefined) return undefined;
  return { oid, size: Number(size) };
}
