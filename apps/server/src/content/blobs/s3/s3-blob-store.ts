import type { Readable } from "node:stream";
import {
  AbortMultipartUploadCommand,
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutBucketCorsCommand,
  PutObjectCommand,
  type S3Client,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { type ByteRange, isSha256, type ListableBlobStore, type ListedBlob } from "../blob-store.js";
import { verifyingTransform } from "../verifying-transform.js";
import { createS3Client, isNotFound } from "./s3-client.js";
import { S3DirectAccess } from "./s3-direct.js";
import { S3Keys } from "./s3-keys.js";
import { s3Location, type S3Settings } from "./s3-settings.js";

/** Parts of streamed uploads (`put`): four in flight keep a 1 Gbit link busy in 64 MiB of memory. */
const PUT_PART_BYTES = 16 * 1024 * 1024;
const PUT_PARTS_IN_FLIGHT = 4;
/** A touch marker younger than this is not written again (every download and batch answer touches). */
const TOUCH_EVERY_MS = 60_000;
const TOUCH_MEMORY = 10_000;
const REACHABLE_TIMEOUT_MS = 5_000;
/** A lookup on a request's path (resolve, batch) gives up on a stalled store instead of hanging the request. */
const STAT_TIMEOUT_MS = 10_000;

/**
 * LFS objects in an S3 bucket (AWS, Ceph RGW, MinIO …). Verified objects live at `objects/<oid>`:
 * `put` streams through a hash check into a (multipart) upload that only completes when the bytes
 * match, and presigned uploads reach that key only through `direct.promote`.
 */
export class S3BlobStore implements ListableBlobStore {
  readonly direct: S3DirectAccess;
  readonly location: string;
  private readonly keys: S3Keys;
  private readonly bucket: string;
  private readonly touchedAt = new Map<string, number>();

  constructor(
    readonly settings: S3Settings,
    readonly client: S3Client = createS3Client(settings),
  ) {
    this.bucket = settings.bucket;
    this.keys = new S3Keys(settings.prefix);
    this.location = s3Location(settings);
    this.direct = new S3DirectAccess({
      client,
      bucket: this.bucket,
      keys: this.keys,
      verifyWorkers: settings.verifyWorkers,
      uploadUrlSeconds: settings.uploadUrlSeconds,
      downloadUrlSeconds: settings.downloadUrlSeconds,
      stat: (oid) => this.stat(oid),
    });
  }

  /** The key layout (tests and migration look at staging keys). */
  get layout(): S3Keys {
    return this.keys;
  }

  /** Makes the bucket when it does not exist yet (with CORS for the web app's direct uploads). */
  async ensureBucket(): Promise<void> {
    try {
      await this.checkReachable();
      return;
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
    await this.client.send(new CreateBucketCommand({ Bucket: this.bucket }));
    await this.client.send(
      new PutBucketCorsCommand({
        Bucket: this.bucket,
        CORSConfiguration: {
          CORSRules: [
            {
              AllowedOrigins: ["*"],
              AllowedMethods: ["GET", "HEAD", "PUT"],
              AllowedHeaders: ["*"],
              ExposeHeaders: ["ETag", "Content-Length", "Content-Range"],
              MaxAgeSeconds: 3600,
            },
          ],
        },
      }),
    );
  }

  /** HeadBucket, given up after 5 s (a readiness probe must not hang on a stalled store). */
  async checkReachable(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }), {
      abortSignal: AbortSignal.timeout(REACHABLE_TIMEOUT_MS),
    });
  }

  async stat(oid: string): Promise<number | undefined> {
    if (!isSha256(oid)) return undefined;
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: this.keys.object(oid) }),
        { abortSignal: AbortSignal.timeout(STAT_TIMEOUT_MS) },
      );
      return head.ContentLength;
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async put(oid: string, size: number, body: Readable): Promise<void> {
    const checked = verifyingTransform(oid, size);
    body.on("error", (error) => checked.destroy(error));
    body.pipe(checked);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: this.keys.object(oid), Body: checked },
      partSize: PUT_PART_BYTES,
      queueSize: PUT_PARTS_IN_FLIGHT,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      body.destroy();
      checked.destroy();
      throw error;
    }
  }

  async open(oid: string, range?: ByteRange): Promise<Readable> {
    try {
      const got = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: this.keys.object(oid),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      return got.Body as Readable;
    } catch (error) {
      // the local store's "not there", which callers (the mirror cache) already handle
      if (isNotFound(error)) throw Object.assign(new Error(`No object ${oid}`), { code: "ENOENT" });
      throw error;
    }
  }

  async delete(oid: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.keys.object(oid) }));
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.keys.touched(oid) }));
    this.touchedAt.delete(oid);
  }

  async touch(oid: string): Promise<void> {
    const now = Date.now();
    if (now - (this.touchedAt.get(oid) ?? 0) < TOUCH_EVERY_MS) return;
    if (this.touchedAt.size >= TOUCH_MEMORY) this.touchedAt.clear();
    this.touchedAt.set(oid, now);
    await this.client
      .send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: this.keys.touched(oid),
          Body: "",
          ContentLength: 0,
        }),
      )
      .catch(() => this.touchedAt.delete(oid));
  }

  async lastUsedMs(oid: string): Promise<number | undefined> {
    const written = await this.modifiedMs(this.keys.object(oid));
    if (written === undefined) return undefined;
    return Math.max(written, (await this.modifiedMs(this.keys.touched(oid))) ?? 0);
  }

  async *list(): AsyncGenerator<ListedBlob> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: this.keys.objectsPrefix,
          ContinuationToken: token,
        }),
      );
      for (const item of page.Contents ?? []) {
        const oid = item.Key ? this.keys.oidOf(item.Key) : undefined;
        if (oid === undefined) continue;
        yield { oid, size: item.Size ?? 0, lastUsedMs: item.LastModified?.getTime() ?? 0 };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async sweepStaging(cutoffMs: number, dryRun: boolean): Promise<{ removed: number; bytes: number }> {
    let removed = 0;
    let bytes = 0;
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: this.keys.stagingPrefix,
          ContinuationToken: token,
        }),
      );
      for (const item of page.Contents ?? []) {
        if (!item.Key || (item.LastModified?.getTime() ?? 0) > cutoffMs) continue;
        removed++;
        bytes += item.Size ?? 0;
        if (!dryRun) await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: item.Key }));
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    let keyMarker: string | undefined;
    let idMarker: string | undefined;
    for (;;) {
      const page = await this.client.send(
        new ListMultipartUploadsCommand({
          Bucket: this.bucket,
          Prefix: this.keys.stagingPrefix,
          KeyMarker: keyMarker,
          UploadIdMarker: idMarker,
        }),
      );
      for (const upload of page.Uploads ?? []) {
        if (!upload.Key || !upload.UploadId || (upload.Initiated?.getTime() ?? 0) > cutoffMs) continue;
        removed++;
        if (!dryRun)
          await this.client.send(
            new AbortMultipartUploadCommand({
              Bucket: this.bucket,
              Key: upload.Key,
              UploadId: upload.UploadId,
            }),
          );
      }
      if (!page.IsTruncated) break;
      keyMarker = page.NextKeyMarker;
      idMarker = page.NextUploadIdMarker;
    }
    return { removed, bytes };
  }

  private async modifiedMs(key: string): Promise<number | undefined> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return head.LastModified?.getTime() ?? 0;
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }
}
