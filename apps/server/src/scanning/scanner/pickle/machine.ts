import { MalformedError, type SequentialReader } from "../byte-source.js";
import type { PickleFindings } from "./findings.js";
import { joblibArrayLayout } from "./joblib-arrays.js";
import { decodeIntegerLine, decodeQuotedString, decodeRawUnicodeEscape } from "./text-arguments.js";
import { KEPT_STRING_BYTES, NONE, OPAQUE, type PickleValue, pushItem } from "./values.js";

/** Longest text argument of a protocol 0 opcode (module names, quoted strings, integers). */
const MAX_LINE = 1024 * 1024;
/** Stack depth and memo size the walk tracks; a file past them is unreadable to the scanner. */
const MAX_STACK = 2_000_000;
const MAX_MEMO = 1_000_000;
/** joblib object arrays nest a pickle inside a pickle; deeper nesting is refused. */
const MAX_NESTING = 8;

const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Walks the opcodes of one pickle (protocols 0 to 5) from the reader's position to its STOP, tracking
 * the stack and the memo symbolically: nothing is ever built or called. Every global it imports
 * (GLOBAL, STACK_GLOBAL with operands resolved through the memo, INST, extension codes) is recorded with
 * its safety, and every call whose target is not a named global is a problem. Throws MalformedError or
 * TruncatedError where the bytes stop being a pickle; what was found before stays recorded.
 */
export class PickleMachine {
  private stack: PickleValue[] = [];
  private marks: number[] = [];
  private readonly memo = new Map<number, PickleValue>();
  private memoFull = false;

  constructor(
    private readonly reader: SequentialReader,
    private readonly findings: PickleFindings,
    private readonly nesting = 0,
  ) {}

  /**
   * One pickle, from the reader's position to its STOP. Calling it again reads the next pickle of the
   * stream with the same memo, as one Python unpickler loading several pickles in a row does.
   */
  run(): PickleValue {
    const r = this.reader;
    this.stack = [];
    this.marks = [];
    for (;;) {
      const at = r.position;
      const op = r.byte();
      switch (op) {
        case 0x80: {
          // PROTO
          const protocol = r.byte();
          if (protocol > 5) throw new MalformedError(`unsupported pickle protocol ${protocol} at byte ${at}`);
          break;
        }
        case 0x95: // FRAME: a length prefix only; opcodes inside frames are ordinary
          r.u64();
          break;
        case 0x2e: // STOP
          return this.pop(at);
        case 0x28: // MARK
          if (this.marks.length >= MAX_STACK) throw new MalformedError(`more than ${MAX_STACK} open MARKs`);
          this.marks.push(this.stack.length);
          break;
        case 0x30: // POP
          if (this.stack.length > this.floor()) this.stack.pop();
          else this.popMark(at);
          break;
        case 0x31: // POP_MARK
          this.popMark(at);
          break;
        case 0x32: // DUP
          this.push(this.top(at));
          break;
        case 0x4e: // NONE
          this.push(NONE);
          break;
        case 0x88: // NEWTRUE
        case 0x89: // NEWFALSE
          this.push({ kind: "bool", value: op === 0x88 });
          break;
        case 0x49: {
          // INT
          const line = r.line(MAX_LINE);
          const text = line.toString("latin1");
          if (text === "00" || text === "01") this.push({ kind: "bool", value: text === "01" });
          else this.push({ kind: "int", value: decodeIntegerLine(line, false) });
          break;
        }
        case 0x4c: // LONG
          this.push({ kind: "int", value: decodeIntegerLine(r.line(MAX_LINE), true) });
          break;
        case 0x4a: // BININT
          this.push({ kind: "int", value: BigInt(r.i32()) });
          break;
        case 0x4b: // BININT1
          this.push({ kind: "int", value: BigInt(r.byte()) });
          break;
        case 0x4d: // BININT2
          this.push({ kind: "int", value: BigInt(r.u16()) });
          break;
        case 0x8a: // LONG1
          this.pushLong(r.byte());
          break;
        case 0x8b: {
          // LONG4
          const length = r.i32();
          if (length < 0) throw new MalformedError(`a negative LONG4 length at byte ${at}`);
          this.pushLong(length);
          break;
        }
        case 0x46: // FLOAT
          r.line(MAX_LINE);
          this.push(OPAQUE);
          break;
        case 0x47: // BINFLOAT
          r.skip(8);
          this.push(OPAQUE);
          break;
        case 0x53: // STRING
          this.push({ kind: "str", value: decodeQuotedString(r.line(MAX_LINE)) });
          break;
        case 0x54: {
          // BINSTRING
          const length = r.i32();
          if (length < 0) throw new MalformedError(`a negative BINSTRING length at byte ${at}`);
          this.pushText(length, "latin1");
          break;
        }
        case 0x55: // SHORT_BINSTRING
          this.pushText(r.byte(), "latin1");
          break;
        case 0x56: // UNICODE
          this.push({ kind: "str", value: decodeRawUnicodeEscape(r.line(MAX_LINE)) });
          break;
        case 0x58: // BINUNICODE
          this.pushText(r.u32(), "utf8");
          break;
        case 0x8c: // SHORT_BINUNICODE
          this.pushText(r.byte(), "utf8");
          break;
        case 0x8d: // BINUNICODE8
          this.pushText(r.u64(), "utf8");
          break;
        case 0x42: // BINBYTES
          r.skip(r.u32());
          this.push(OPAQUE);
          break;
        case 0x43: // SHORT_BINBYTES
          r.skip(r.byte());
          this.push(OPAQUE);
          break;
        case 0x8e: // BINBYTES8
        case 0x96: // BYTEARRAY8
          r.skip(r.u64());
          this.push(OPAQUE);
          break;
        case 0x97: // NEXT_BUFFER (out-of-band data)
          this.push(OPAQUE);
          break;
        case 0x98: // READONLY_BUFFER
          this.top(at);
          break;
        case 0x29: // EMPTY_TUPLE
          this.push({ kind: "tuple", items: [] });
          break;
        case 0x74: // TUPLE
          this.push({ kind: "tuple", items: this.popMark(at) });
          break;
        case 0x85: // TUPLE1
        case 0x86: // TUPLE2
        case 0x87: {
          // TUPLE3
          const n = op - 0x84;
          if (this.stack.length - this.floor() < n)
            throw new MalformedError(`TUPLE${n} on a short stack at ${at}`);
          this.push({ kind: "tuple", items: this.stack.splice(this.stack.length - n, n) });
          break;
        }
        case 0x5d: // EMPTY_LIST
          this.push({ kind: "list", items: [] });
          break;
        case 0x6c: // LIST
          this.push({ kind: "list", items: this.popMark(at) });
          break;
        case 0x61: {
          // APPEND
          const item = this.pop(at);
          const list = this.top(at);
          if (list.kind === "list") pushItem(list.items, item);
          break;
        }
        case 0x65: {
          // APPENDS
          const items = this.popMark(at);
          const list = this.top(at);
          if (list.kind === "list") for (const item of items) pushItem(list.items, item);
          break;
        }
        case 0x7d: // EMPTY_DICT
          this.push({ kind: "dict", entries: [] });
          break;
        case 0x64: // DICT
          this.push({ kind: "dict", entries: pairs(this.popMark(at)) });
          break;
        case 0x73: {
          // SETITEM
          const value = this.pop(at);
          const key = this.pop(at);
          this.setItems(this.top(at), [[key, value]]);
          break;
        }
        case 0x75: {
          // SETITEMS
          const items = this.popMark(at);
          this.setItems(this.top(at), pairs(items));
          break;
        }
        case 0x8f: // EMPTY_SET
          this.push(OPAQUE);
          break;
        case 0x90: // ADDITEMS
          this.popMark(at);
          this.top(at);
          break;
        case 0x91: // FROZENSET
          this.popMark(at);
          this.push(OPAQUE);
          break;
        case 0x63: {
          // GLOBAL
          const module = this.lineText();
          const name = this.lineText();
          this.findings.record(module, name);
          this.push({ kind: "global", module, name });
          break;
        }
        case 0x93: {
          // STACK_GLOBAL
          const name = this.pop(at);
          const module = this.pop(at);
          if (module.kind === "str" && name.kind === "str") {
            this.findings.record(module.value, name.value);
            this.push({ kind: "global", module: module.value, name: name.value });
          } else {
            this.findings.record("<unresolved>", "<unresolved>", "dangerous");
            this.findings.problem(`STACK_GLOBAL at byte ${at} takes operands that are not known strings`);
            this.push(OPAQUE);
          }
          break;
        }
        case 0x69: {
          // INST
          const module = this.lineText();
          const name = this.lineText();
          this.findings.record(module, name);
          const args = this.popMark(at);
          this.push({
            kind: "object",
            callable: { kind: "global", module, name },
            args: { kind: "tuple", items: args },
          });
          break;
        }
        case 0x6f: {
          // OBJ
          const items = this.popMark(at);
          const callable = items.shift();
          if (!callable) throw new MalformedError(`OBJ without a class at byte ${at}`);
          this.called(callable, at);
          this.push({ kind: "object", callable, args: { kind: "tuple", items } });
          break;
        }
        case 0x81: {
          // NEWOBJ
          const args = this.pop(at);
          const callable = this.pop(at);
          this.called(callable, at);
          this.push({ kind: "object", callable, args });
          break;
        }
        case 0x92: {
          // NEWOBJ_EX
          this.pop(at);
          const args = this.pop(at);
          const callable = this.pop(at);
          this.called(callable, at);
          this.push({ kind: "object", callable, args });
          break;
        }
        case 0x52: {
          // REDUCE
          const args = this.pop(at);
          const callable = this.pop(at);
          this.called(callable, at);
          this.push({ kind: "object", callable, args });
          break;
        }
        case 0x62: {
          // BUILD
          const state = this.pop(at);
          const target = this.top(at);
          if (target.kind === "object") {
            target.state = state;
            this.afterBuild(target);
          }
          break;
        }
        case 0x50: // PERSID
          r.line(MAX_LINE);
          this.push(OPAQUE);
          break;
        case 0x51: // BINPERSID
          this.pop(at);
          this.push(OPAQUE);
          break;
        case 0x67: // GET
          this.push(this.fromMemo(Number(decodeIntegerLine(r.line(MAX_LINE), false)), at));
          break;
        case 0x68: // BINGET
          this.push(this.fromMemo(r.byte(), at));
          break;
        case 0x6a: // LONG_BINGET
          this.push(this.fromMemo(r.u32(), at));
          break;
        case 0x70: // PUT
          this.toMemo(Number(decodeIntegerLine(r.line(MAX_LINE), false)), at);
          break;
        case 0x71: // BINPUT
          this.toMemo(r.byte(), at);
          break;
        case 0x72: // LONG_BINPUT
          this.toMemo(r.u32(), at);
          break;
        case 0x94: // MEMOIZE
          this.toMemo(this.memo.size, at);
          break;
        case 0x82: // EXT1
          this.extension(r.byte());
          break;
        case 0x83: // EXT2
          this.extension(r.u16());
          break;
        case 0x84: // EXT4
          this.extension(r.i32());
          break;
        default:
          throw new MalformedError(
            `byte 0x${op.toString(16).padStart(2, "0")} at ${at} is not a pickle opcode`,
          );
      }
    }
  }

  private floor(): number {
    return this.marks.length > 0 ? this.marks[this.marks.length - 1] : 0;
  }

  private push(value: PickleValue): void {
    if (this.stack.length >= MAX_STACK) throw new MalformedError(`a pickle stack deeper than ${MAX_STACK}`);
    this.stack.push(value);
  }

  private pop(at: number): PickleValue {
    if (this.stack.length <= this.floor())
      throw new MalformedError(`an opcode at byte ${at} pops an empty stack`);
    return this.stack.pop()!;
  }

  private top(at: number): PickleValue {
    if (this.stack.length <= this.floor())
      throw new MalformedError(`an opcode at byte ${at} reads an empty stack`);
    return this.stack[this.stack.length - 1];
  }

  private popMark(at: number): PickleValue[] {
    const mark = this.marks.pop();
    if (mark === undefined)
      throw new MalformedError(`an opcode at byte ${at} needs a MARK that is not there`);
    return this.stack.splice(mark);
  }

  private lineText(): string {
    try {
      return utf8.decode(this.reader.line(MAX_LINE));
    } catch (error) {
      if (error instanceof TypeError) throw new MalformedError("a module or name that is not UTF-8");
      throw error;
    }
  }

  private pushText(length: number, encoding: "latin1" | "utf8"): void {
    if (length > KEPT_STRING_BYTES) {
      this.reader.skip(length);
      this.push({ kind: "long-str" });
      return;
    }
    const bytes = this.reader.bytes(length);
    if (encoding === "latin1") {
      this.push({ kind: "str", value: bytes.toString("latin1") });
      return;
    }
    try {
      this.push({ kind: "str", value: utf8.decode(bytes) });
    } catch {
      // Python refuses this pickle here: a string that is not UTF-8
      throw new MalformedError(`a string that is not UTF-8 before byte ${this.reader.position}`);
    }
  }

  private pushLong(length: number): void {
    if (length > 1024) {
      this.reader.skip(length);
      this.push(OPAQUE);
      return;
    }
    const bytes = this.reader.bytes(length);
    let value = 0n;
    for (let i = bytes.length - 1; i >= 0; i--) value = (value << 8n) | BigInt(bytes[i]);
    if (length > 0 && bytes[length - 1] & 0x80) value -= 1n << BigInt(8 * length);
    this.push({ kind: "int", value });
  }

  private setItems(target: PickleValue, items: [PickleValue, PickleValue][]): void {
    if (target.kind !== "dict") return;
    for (const entry of items) if (target.entries.length < 64) target.entries.push(entry);
  }

  private fromMemo(index: number, at: number): PickleValue {
    const value = this.memo.get(index);
    if (value !== undefined) return value;
    if (this.memoFull) return OPAQUE;
    throw new MalformedError(`memo entry ${index} read at byte ${at} was never stored`);
  }

  private toMemo(index: number, at: number): void {
    const value = this.top(at);
    if (this.memo.size >= MAX_MEMO && !this.memo.has(index)) {
      this.memoFull = true;
      return;
    }
    this.memo.set(index, value);
  }

  /** A call's target must be a named global: anything else was built while loading. */
  private called(callable: PickleValue, at: number): void {
    if (callable.kind === "global") return;
    this.findings.problem(`the call at byte ${at} targets a value built while loading, not a named import`);
  }

  private extension(code: number): void {
    // the copyreg extension registry maps codes to globals at run time: the scanner cannot tell which
    const module = "copyreg._inverted_registry";
    const name = `code ${code}`;
    this.findings.record(module, name, "suspicious");
    this.push({ kind: "global", module, name });
  }

  /**
   * joblib writes an array's bytes right after its wrapper's BUILD (or, for an array of Python objects,
   * a whole pickle): skip the bytes, walk the nested pickle.
   */
  private afterBuild(target: PickleValue & { kind: "object" }): void {
    const layout = joblibArrayLayout(target);
    if (!layout) return;
    if (layout.kind === "pickle") {
      if (this.nesting >= MAX_NESTING) throw new MalformedError("joblib arrays nested too deep");
      this.findings.pickles++;
      new PickleMachine(this.reader, this.findings, this.nesting + 1).run();
      return;
    }
    if (layout.aligned) this.reader.skip(this.reader.byte());
    this.reader.skip(layout.bytes);
  }
}

function pairs(items: PickleValue[]): [PickleValue, PickleValue][] {
  if (items.length % 2 !== 0) throw new MalformedError("a dict built from an odd number of items");
  const out: [PickleValue, PickleValue][] = [];
  for (let i = 0; i + 1 < items.length; i += 2) out.push([items[i], items[i + 1]]);
  return out;
}
