/** Base64 of bytes, built in slices so large buffers do not overflow the argument list. */
export function toBase64(bytes: Uint8Array): string {
  let binary = "";
  const step = 0x8000;
  for (let i = 0; i < bytes.length; i += step) binary += String.fromCharCode(...bytes.subarray(i, i + step));
  return btoa(binary);
}

export async function sha256Hex(data: ArrayBuffer): Promise<string> {
  if (!crypto.subtle)
    throw new Error("Large (LFS) uploads need a secure origin (https or localhost) for hashing.");
  const digest = await crypto.subtle.digest("SHA-256", data);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
