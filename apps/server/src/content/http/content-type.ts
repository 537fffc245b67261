const TYPES: Record<string, string> = {
  json: "application/json",
  md: "text/markdown; charset=utf-8",
  txt: "text/plain; charset=utf-8",
  py: "text/x-python; charset=utf-8",
  yaml: "text/yaml; charset=utf-8",
  yml: "text/yaml; charset=utf-8",
  csv: "text/csv; charset=utf-8",
  html: "text/plain; charset=utf-8",
  jinja: "text/plain; charset=utf-8",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  wav: "audio/wav",
  mp3: "audio/mpeg",
  flac: "audio/flac",
  mp4: "video/mp4",
};

/** Content type by extension; never executable HTML (user content is served from the hub's origin). */
export function contentTypeOf(path: string): string {
  const extension = path.slice(path.lastIndexOf(".") + 1).toLowerCase();
  return (
    TYPES[extension] ??
    (path.endsWith(".gitattributes") || path.endsWith(".gitignore")
      ? "text/plain; charset=utf-8"
      : "application/octet-stream")
  );
}

export function contentDisposition(kind: "inline" | "attachment", path: string): string {
  const name = path.slice(path.lastIndexOf("/") + 1);
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
