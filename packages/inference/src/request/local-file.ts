/** How a local file travels inside a JSON body. */
export type FileEncoding = "base64" | "data-url";

/**
 * A file on the caller's disk that a request sends. Snippets turn it into code that reads the file;
 * a real caller replaces it with the file's bytes.
 */
export class LocalFile {
  constructor(
    readonly path: string,
    readonly encoding: FileEncoding | "raw" = "raw",
  ) {}

  as(encoding: FileEncoding): LocalFile {
    return new LocalFile(this.path, encoding);
  }
}

const MIME_BY_EXTENSION: Record<string, string> = {
  flac: "audio/flac",
  wav: "audio/wav",
  mp3: "audio/mpeg",
  ogg: "audio/ogg",
  webm: "audio/webm",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
  mp4: "video/mp4",
};

/** MIME type guessed from the file name; generic bytes when unknown. */
export function mimeTypeOf(path: string): string {
  const extension = path.slice(path.lastIndexOf(".") + 1).toLowerCase();
  return Object.hasOwn(MIME_BY_EXTENSION, extension)
    ? MIME_BY_EXTENSION[extension]
    : "application/octet-stream";
}

/** Whether the file is an image (decides variable names in snippets). */
export function isImagePath(path: string): boolean {
  return mimeTypeOf(path).startsWith("image/");
}
