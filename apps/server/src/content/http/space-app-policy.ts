/**
 * What a static space's files may do once they run in a browser. Every answer of the space-app route
 * carries this policy: the `sandbox` directive gives the document an opaque origin even when it is
 * opened on its own (so it never shares the hub's cookies or storage), and every fetch directive only
 * reaches the files of the same space at the same commit (`ownFiles`, an absolute URL prefix ending in
 * a slash). Nothing on other sites and nothing else on the hub can be loaded, posted to or framed.
 */
export function spaceAppPolicy(ownFiles: string): string {
  return [
    "sandbox allow-scripts allow-forms allow-popups allow-modals allow-downloads",
    "default-src 'none'",
    `script-src ${ownFiles} 'unsafe-inline' 'unsafe-eval' 'wasm-unsafe-eval'`,
    `style-src ${ownFiles} 'unsafe-inline'`,
    `img-src ${ownFiles} data: blob:`,
    `media-src ${ownFiles} data: blob:`,
    `font-src ${ownFiles} data:`,
    `connect-src ${ownFiles}`,
    `worker-src ${ownFiles} blob:`,
    `frame-src ${ownFiles}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join("; ");
}

const TYPES: Record<string, string> = {
  html: "text/html; charset=utf-8",
  htm: "text/html; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  mjs: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  json: "application/json",
  map: "application/json",
  txt: "text/plain; charset=utf-8",
  md: "text/markdown; charset=utf-8",
  csv: "text/csv; charset=utf-8",
  svg: "image/svg+xml",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  avif: "image/avif",
  ico: "image/x-icon",
  wav: "audio/wav",
  mp3: "audio/mpeg",
  ogg: "audio/ogg",
  flac: "audio/flac",
  mp4: "video/mp4",
  webm: "video/webm",
  woff: "font/woff",
  woff2: "font/woff2",
  ttf: "font/ttf",
  otf: "font/otf",
  wasm: "application/wasm",
  onnx: "application/octet-stream",
};

/** The type a browser needs to run or show a space file (only ever served under spaceAppPolicy). */
export function spaceFileType(path: string): string {
  const extension = path.slice(path.lastIndexOf(".") + 1).toLowerCase();
  return TYPES[extension] ?? "application/octet-stream";
}
