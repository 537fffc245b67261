/** S3 refuses parts below 5 MiB (all but the last), whatever the hub's part size setting says. */
export const MIN_S3_PART_BYTES = 5 * 1024 * 1024;
/** Part size for objects no larger than the configured part: at least two parts once past the threshold. */
export const SMALL_PART_BYTES = 8 * 1024 * 1024;
/** Objects above this are offered multipart even when smaller than one configured part (as the Hub does). */
export const MULTIPART_THRESHOLD_BYTES = 2 * SMALL_PART_BYTES;

/**
 * The part size of an object of `size` bytes, a function of the size alone so the batch answer, the part
 * routes and the completion agree: the configured part for large objects, 8 MiB parts for objects between
 * 16 MiB and one configured part (0.x clients upload those in parts, the Hub offers them), else one part.
 */
export function partBytesFor(configured: number, size: number): number {
  if (size > configured) return configured;
  return size > MULTIPART_THRESHOLD_BYTES ? Math.min(configured, SMALL_PART_BYTES) : configured;
}
