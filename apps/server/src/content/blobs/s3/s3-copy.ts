import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  type S3Client,
  UploadPartCopyCommand,
} from "@aws-sdk/client-s3";

/** Largest object one CopyObject may copy (S3's limit; RGW's default rgw_max_put_size is the same). */
const SINGLE_COPY_BYTES = 5 * 1024 * 1024 * 1024;
const COPY_PART_BYTES = 1024 * 1024 * 1024;

/**
 * Server-side copy of `from` to `to` inside one bucket, only while `from` still has `etag` (so what
 * was checked is what is copied). Objects above 5 GiB are copied in parts.
 */
export async function copyIfUnchanged(
  client: S3Client,
  bucket: string,
  from: string,
  to: string,
  etag: string,
  size: number,
): Promise<void> {
  const source = `${bucket}/${from}`;
  if (size <= SINGLE_COPY_BYTES) {
    await client.send(
      new CopyObjectCommand({ Bucket: bucket, Key: to, CopySource: source, CopySourceIfMatch: etag }),
    );
    return;
  }
  const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: to }));
  try {
    const parts: { PartNumber: number; ETag: string }[] = [];
    for (let start = 0, part = 1; start < size; start += COPY_PART_BYTES, part++) {
      const end = Math.min(size, start + COPY_PART_BYTES) - 1;
      const copied = await client.send(
        new UploadPartCopyCommand({
          Bucket: bucket,
          Key: to,
          UploadId,
          PartNumber: part,
          CopySource: source,
          CopySourceIfMatch: etag,
          CopySourceRange: `bytes=${start}-${end}`,
        }),
      );
      parts.push({ PartNumber: part, ETag: copied.CopyPartResult?.ETag ?? "" });
    }
    await client.send(
      new CompleteMultipartUploadCommand({
        Bucket: bucket,
        Key: to,
        UploadId,
        MultipartUpload: { Parts: parts },
      }),
    );
  } catch (error) {
    await client
      .send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: to, UploadId }))
      .catch(() => undefined);
    throw error;
  }
}
