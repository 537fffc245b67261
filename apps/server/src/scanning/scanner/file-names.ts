/** What a file's name says it is. The scanner trusts content first; names only add suspicion. */

const PICKLE_EXTENSIONS = new Set([
  "pkl",
  "pickle",
  "pk",
  "p",
  "joblib",
  "bin",
  "pt",
  "pth",
  "ckpt",
  "dat",
  "data",
  "sav",
  "npy",
]);
const ARCHIVE_EXTENSIONS = new Set(["zip", "npz", "pt", "pth", "bin", "ckpt", "mar"]);
const COMPRESSION_EXTENSIONS = new Set(["gz", "z", "zlib", "bz2", "xz", "lzma", "lz4", "zst"]);

function extensionOf(name: string): string {
  const base = name.slice(name.lastIndexOf("/") + 1).toLowerCase();
  const dot = base.lastIndexOf(".");
  return dot <= 0 ? "" : base.slice(dot + 1);
}

/** The name without its compression suffixes (`model.pkl.gz` → `model.pkl`). */
export function withoutCompression(name: string): string {
  let current = name;
  while (COMPRESSION_EXTENSIONS.has(extensionOf(current)))
    current = current.slice(0, current.lastIndexOf("."));
  return current;
}

/** Loaders unpickle files of this name (`torch.load`, `pickle.load`, `joblib.load`, `np.load`). */
export function namedLikePickle(name: string): boolean {
  return PICKLE_EXTENSIONS.has(extensionOf(withoutCompression(name)));
}

export function namedLikeArchive(name: string): boolean {
  return ARCHIVE_EXTENSIONS.has(extensionOf(name));
}

export function namedLikeCompressed(name: string): boolean {
  return COMPRESSION_EXTENSIONS.has(extensionOf(name));
}

export function namedOnnx(name: string): boolean {
  return extensionOf(name) === "onnx";
}
