import { MalformedError } from "../byte-source.js";

/**
 * The text arguments of protocol 0 opcodes, read the way Python's unpickler reads them: `STRING` is a
 * quoted literal with backslash escapes, `UNICODE` is raw-unicode-escape, integers are decimal lines.
 */

const SIMPLE_ESCAPES = new Map<number, number>([
  [0x5c, 0x5c], // \\
  [0x27, 0x27], // \'
  [0x22, 0x22], // \"
  [0x61, 0x07], // \a
  [0x62, 0x08], // \b
  [0x66, 0x0c], // \f
  [0x6e, 0x0a], // \n
  [0x72, 0x0d], // \r
  [0x74, 0x09], // \t
  [0x76, 0x0b], // \v
]);

const HEX = /^[0-9a-fA-F]+$/;

/** A `STRING` argument: quoted with ' or ", backslash escapes as in a Python 2 byte string. */
export function decodeQuotedString(raw: Buffer): string {
  const quote = raw[0];
  if (raw.length < 2 || (quote !== 0x27 && quote !== 0x22) || raw[raw.length - 1] !== quote)
    throw new MalformedError("a STRING argument that is not quoted");
  const body = raw.subarray(1, raw.length - 1);
  const out: number[] = [];
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c !== 0x5c) {
      out.push(c);
      continue;
    }
    const next = body[++i];
    if (next === undefined) throw new MalformedError("a STRING argument ending in a backslash");
    const simple = SIMPLE_ESCAPES.get(next);
    if (simple !== undefined) out.push(simple);
    else if (next === 0x0a)
      continue; // a line continuation
    else if (next === 0x78) {
      const hex = body.subarray(i + 1, i + 3).toString("latin1");
      if (hex.length !== 2 || !HEX.test(hex))
        throw new MalformedError("a bad \\x escape in a STRING argument");
      out.push(parseInt(hex, 16));
      i += 2;
    } else if (next >= 0x30 && next <= 0x37) {
      let digits = String.fromCharCode(next);
      while (digits.length < 3 && body[i + 1] >= 0x30 && body[i + 1] <= 0x37)
        digits += String.fromCharCode(body[++i]);
      out.push(parseInt(digits, 8) & 0xff);
    } else out.push(0x5c, next); // unknown escapes stay as written
  }
  return Buffer.from(out).toString("latin1");
}

/** A `UNICODE` argument: latin-1 text where only \uXXXX and \UXXXXXXXX are escapes. */
export function decodeRawUnicodeEscape(raw: Buffer): string {
  const text = raw.toString("latin1");
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "\\" && (text[i + 1] === "u" || text[i + 1] === "U")) {
      // an escape only when the backslash itself is not escaped by an odd run of backslashes
      let run = 0;
      for (let j = i - 1; j >= 0 && text[j] === "\\"; j--) run++;
      if (run % 2 === 0) {
        const width = text[i + 1] === "u" ? 4 : 8;
        const hex = text.slice(i + 2, i + 2 + width);
        if (hex.length !== width || !HEX.test(hex))
          throw new MalformedError("a truncated \\u escape in a UNICODE argument");
        const code = parseInt(hex, 16);
        if (code > 0x10ffff) throw new MalformedError("a \\U escape beyond Unicode in a UNICODE argument");
        out += String.fromCodePoint(code);
        i += 1 + width;
        continue;
      }
    }
    out += c;
  }
  return out;
}

/** An `INT`, `LONG`, `GET` or `PUT` line: optional sign, digits (a trailing L for LONG). */
export function decodeIntegerLine(raw: Buffer, allowL: boolean): bigint {
  let text = raw.toString("latin1").trim();
  if (allowL && text.endsWith("L")) text = text.slice(0, -1);
  if (!/^[+-]?\d{1,4300}$/.test(text)) throw new MalformedError(`"${text.slice(0, 40)}" is not an integer`);
  return BigInt(text);
}
