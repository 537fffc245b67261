/**
 * An image's format and declared size, read from its header without decoding it, so that a small file
 * declaring a huge picture is refused before a decoder allocates it. Reads PNG (IHDR), GIF (logical
 * screen), BMP (DIB header), WebP (VP8, VP8L or VP8X) and JPEG (the first start-of-frame segment).
 */
export interface ImageHeader {
  format: "png" | "gif" | "bmp" | "webp" | "jpeg";
  width: number;
  height: number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function ascii(bytes: Uint8Array, at: number, text: string): boolean {
  if (at + text.length > bytes.length) return false;
  for (let i = 0; i < text.length; i++) if (bytes[at + i] !== text.charCodeAt(i)) return false;
  return true;
}

function png(bytes: Uint8Array, view: DataView): ImageHeader | undefined {
  if (bytes.length < 24 || !PNG_SIGNATURE.every((b, i) => bytes[i] === b) || !ascii(bytes, 12, "IHDR"))
    return undefined;
  return { format: "png", width: view.getUint32(16), height: view.getUint32(20) };
}

function gif(bytes: Uint8Array, view: DataView): ImageHeader | undefined {
  if (bytes.length < 10 || !(ascii(bytes, 0, "GIF87a") || ascii(bytes, 0, "GIF89a"))) return undefined;
  return { format: "gif", width: view.getUint16(6, true), height: view.getUint16(8, true) };
}

function bmp(bytes: Uint8Array, view: DataView): ImageHeader | undefined {
  if (bytes.length < 26 || !ascii(bytes, 0, "BM")) return undefined;
  // BITMAPCOREHEADER (12 bytes) has 16-bit sizes; the later headers 32-bit ones (height < 0: top-down).
  if (view.getUint32(14, true) === 12)
    return { format: "bmp", width: view.getUint16(18, true), height: view.getUint16(20, true) };
  return {
    format: "bmp",
    width: Math.abs(view.getInt32(18, true)),
    height: Math.abs(view.getInt32(22, true)),
  };
}

function webp(bytes: Uint8Array, view: DataView): ImageHeader | undefined {
  if (bytes.length < 30 || !ascii(bytes, 0, "RIFF") || !ascii(bytes, 8, "WEBP")) return undefined;
  if (ascii(bytes, 12, "VP8 "))
    return {
      format: "webp",
      width: view.getUint16(26, true) & 0x3fff,
      height: view.getUint16(28, true) & 0x3fff,
    };
  if (ascii(bytes, 12, "VP8L")) {
    const bits = view.getUint32(21, true);
    return { format: "webp", width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (ascii(bytes, 12, "VP8X")) {
    const u24 = (at: number) => bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16);
    return { format: "webp", width: u24(24) + 1, height: u24(27) + 1 };
  }
  return undefined;
}

/** JPEG markers that start a frame (SOF0–SOF15 without DHT, JPG and DAC). */
function startsFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

function jpeg(bytes: Uint8Array, view: DataView): ImageHeader | undefined {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
  let at = 2;
  // Each step moves past a segment or a fill byte; a header needing more steps is not one worth reading.
  for (let steps = 0; at + 4 <= bytes.length && steps < 65_536; steps++) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1];
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    // Markers without a length: TEM, RST0–7, SOI.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return undefined; // image data before any frame header
    const length = view.getUint16(at + 2);
    if (startsFrame(marker)) {
      if (at + 9 > bytes.length) return undefined;
      return { format: "jpeg", height: view.getUint16(at + 5), width: view.getUint16(at + 7) };
    }
    at += 2 + length;
  }
  return undefined;
}

/** The format and declared size of an image, or undefined when it is none of the formats above. */
export function readImageHeader(bytes: Uint8Array): ImageHeader | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (const read of [png, jpeg, gif, webp, bmp]) {
    const header = read(bytes, view);
    if (header) return header;
  }
  return undefined;
}
