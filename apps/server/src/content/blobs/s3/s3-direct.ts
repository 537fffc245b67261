import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import {
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListPartsCommand,
  PutObjectCommand,
  type S3Client,
  UploadPartCommand,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import {
  BlobMismatchError,
  type DirectBlobAccess,
  type DownloadUrlOptions,
  type StagedMultipart,
  type StagedPart,
} from "../blob-store.js";
import { BoundedPool } from "./bounded-pool.js";
import { isNotFound, isPreconditionFailed } from "./s3-client.js";
import { copyIfUnchanged } from "./s3-copy.js";
import type { S3Keys } from "./s3-keys.js";

export interface S3DirectDeps {
  client: S3Client;
  bucket: string;
  keys: S3Keys;
  /** Staged uploads read back at once; the rest wait. */
  verifyWorkers: number;
  uploadUrlSeconds: number;
  downloadUrlSeconds: number;
  /** Size of the verified object, undefined when absent (the store's `stat`). */
  stat(oid: string): Promise<number | undefined>;
}

/** Presigned transfers and the check that promotes a staged upload to its content address. */
export class S3DirectAccess implements DirectBlobAccess {
  private readonly pool: BoundedPool;
  readonly uploadUrlSeconds: number;
  readonly downloadUrlSeconds: number;

  constructor(private readonly deps: S3DirectDeps) {
    this.pool = new BoundedPool(deps.verifyWorkers);
    this.uploadUrlSeconds = deps.uploadUrlSeconds;
    this.downloadUrlSeconds = deps.downloadUrlSeconds;
  }

  /** Promotions running or waiting for a worker. */
  get verifyQueueDepth(): number {
    return this.pool.depth;
  }

  downloadUrl(oid: string, options: DownloadUrlOptions): Promise<string> {
    const { client, bucket, keys } = this.deps;
    return getSignedUrl(
      client,
      new GetObjectCommand({
        Bucket: bucket,
        Key: keys.object(oid),
        ResponseContentType: options.contentType,
        ResponseContentDisposition: options.contentDisposition,
      }),
      { expiresIn: options.expiresSeconds },
    );
  }

  uploadUrl(scope: string, oid: string, expiresSeconds: number): Promise<string> {
    const { client, bucket, keys } = this.deps;
    return getSignedUrl(client, new PutObjectCommand({ Bucket: bucket, Key: keys.staging(scope, oid) }), {
      expiresIn: expiresSeconds,
    });
  }

  async startMultipart(
    scope: string,
    oid: string,
    parts: number,
    expiresSeconds: number,
  ): Promise<StagedMultipart> {
    const { client, bucket, keys } = this.deps;
    const key = keys.staging(scope, oid);
    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key }));
    if (!UploadId) throw new Error("the object store gave no upload id");
    const partUrls: string[] = [];
    for (let part = 1; part <= parts; part++)
      partUrls.push(
        await getSignedUrl(
          client,
          new UploadPartCommand({ Bucket: bucket, Key: key, UploadId, PartNumber: part }),
          { expiresIn: expiresSeconds },
        ),
      );
    return { uploadId: UploadId, partUrls };
  }

  async completeMultipart(scope: string, oid: string, uploadId: string, parts: StagedPart[]): Promise<void> {
    const { client, bucket, keys } = this.deps;
    const key = keys.staging(scope, oid);
    const stored = await this.storedParts(key, uploadId);
    const list = parts.map(({ partNumber, etag }) => {
      const known = stored.get(partNumber);
      if (known === undefined) throw new BlobMismatchError(`Part ${partNumber} has not been uploaded`);
      // Clients that could not read a part's ETag send "": the whole object is checked on promotion.
      if (etag !== "" && unquote(etag) !== unquote(known))
        throw new BlobMismatchError(`Part ${partNumber} has ETag ${known}, not ${etag}`);
      return { PartNumber: partNumber, ETag: known };
    });
    try {
      await client.send(
        new CompleteMultipartUploadCommand({
          Bucket: bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: { Parts: list },
        }),
      );
    } catch (error) {
      if (isNotFound(error)) throw new BlobMismatchError("The multipart upload does not exist (any more)");
      throw error;
    }
  }

  promote(scope: string, oid: string, size: number | undefined): Promise<boolean> {
    const key = this.deps.keys.staging(scope, oid);
    return this.pool.run(key, () => this.checkAndPromote(key, oid, size));
  }

  private async checkAndPromote(key: string, oid: string, size: number | undefined): Promise<boolean> {
    const { client, bucket, keys } = this.deps;
    let head;
    try {
      head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
    const etag = head.ETag ?? "";
    const stagedSize = head.ContentLength ?? -1;
    if (size !== undefined && stagedSize !== size) {
      await this.drop(key);
      throw new BlobMismatchError(`Uploaded object has ${stagedSize} bytes, not ${size}`);
    }
    let digest: string;
    try {
      digest = await this.sha256Of(key, etag);
    } catch (error) {
      // replaced while it was read: the newer upload is checked by its own verify
      if (isPreconditionFailed(error)) throw new BlobMismatchError("The upload changed while it was checked");
      throw error;
    }
    if (digest !== oid) {
      await this.drop(key);
      throw new BlobMismatchError(`Uploaded content hashes to ${digest}, not ${oid}`);
    }
    // Content-addressed: a verified object already there holds these very bytes.
    if ((await this.deps.stat(oid)) !== stagedSize)
      try {
        await copyIfUnchanged(client, bucket, key, keys.object(oid), etag, stagedSize);
      } catch (error) {
        if (isPreconditionFailed(error))
          throw new BlobMismatchError("The upload changed while it was checked");
        throw error;
      }
    await this.drop(key);
    return true;
  }

  private async sha256Of(key: string, etag: string): Promise<string> {
    const { client, bucket } = this.deps;
    const got = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key, IfMatch: etag }));
    const hash = createHash("sha256");
    for await (const chunk of got.Body as Readable) hash.update(chunk as Buffer);
    return hash.digest("hex");
  }

  private async storedParts(key: string, uploadId: string): Promise<Map<number, string>> {
    const { client, bucket } = this.deps;
    const parts = new Map<number, string>();
    let marker: string | undefined;
    try {
      for (;;) {
        const page = await client.send(
          new ListPartsCommand({ Bucket: bucket, Key: key, UploadId: uploadId, PartNumberMarker: marker }),
        );
        for (const part of page.Parts ?? [])
          if (part.PartNumber !== undefined) parts.set(part.PartNumber, part.ETag ?? "");
        if (!page.IsTruncated || !page.NextPartNumberMarker) break;
        marker = page.NextPartNumberMarker;
      }
    } catch (error) {
      if (isNotFound(error)) throw new BlobMismatchError("The multipart upload does not exist (any more)");
      throw error;
    }
    return parts;
  }

  private async drop(key: string): Promise<void> {
    await this.deps.client.send(new DeleteObjectCommand({ Bucket: this.deps.bucket, Key: key }));
  }
}

function unquote(etag: string): string {
  return etag.replace(/"/g, "");
}
