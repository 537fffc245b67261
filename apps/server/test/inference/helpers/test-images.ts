import zlib from "node:zlib";
import { RawImage } from "@huggingface/transformers";
import { tinyPng } from "./tiny-png.js";

/** Images for the vision task tests, made here (no stored files): PNGs by hand, JPEG/WebP through sharp. */

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG whose header declares `width` × `height` but which holds no pixel data (a decoder would allocate it). */
export function pngHeaderOnly(width: number, height: number): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", header),
      chunk("IDAT", zlib.deflateSync(Buffer.alloc(16))),
      chunk("IEND", Buffer.alloc(0)),
    ]),
  );
}

/** A real PNG with its pixel data overwritten: the header is fine, decoding fails. */
export function corruptPng(): Uint8Array {
  const png = Buffer.from(tinyPng(48, 40));
  png.fill(0x5a, 45, png.length - 20);
  return new Uint8Array(png);
}

/** A photo-like picture (coloured discs on a gradient), `width` × `height` RGB. */
export function scene(width: number, height: number): RawImage {
  const data = new Uint8ClampedArray(width * height * 3);
  const discs = [
    { x: 0.3, y: 0.4, r: 0.2, rgb: [220, 40, 40] },
    { x: 0.7, y: 0.6, r: 0.25, rgb: [40, 90, 220] },
  ];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      let rgb = [(x * 255) / width, (y * 255) / height, 128];
      for (const disc of discs)
        if ((x / width - disc.x) ** 2 + (y / height - disc.y) ** 2 < disc.r ** 2) rgb = disc.rgb;
      data.set(rgb, at);
    }
  return new RawImage(data, width, height, 3);
}

/** An image encoded as PNG, JPEG or WebP. */
export async function encoded(image: RawImage, format: "png" | "jpeg" | "webp"): Promise<Uint8Array> {
  const sharp = image.toSharp();
  const out =
    format === "jpeg" ? sharp.jpeg({ quality: 90 }) : format === "webp" ? sharp.webp() : sharp.png();
  return new Uint8Array(await out.toBuffer());
}

/** An image from its bytes, as transformers.js decodes it. */
export function decoded(bytes: Uint8Array): Promise<RawImage> {
  return RawImage.fromBlob(new Blob([bytes]));
}
