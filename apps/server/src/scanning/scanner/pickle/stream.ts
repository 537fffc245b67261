import { MalformedError, SequentialReader, TruncatedError, type ByteSource } from "../byte-source.js";
import type { PickleFindings } from "./findings.js";
import { PickleMachine } from "./machine.js";

/** The first pickle of a file `torch.save` wrote before PyTorch 1.6 (the legacy, non-zip format). */
const TORCH_LEGACY_MAGIC = 0x1950a86a20f9469cfc6cn;
/** After its magic number the legacy format holds four more pickles, then raw tensor bytes. */
const TORCH_LEGACY_PICKLES = 4;

/**
 * Walks every pickle of a stream: one after the other until the data ends (a file may hold several),
 * or, for a legacy `torch.save` file, the five pickles `torch.load` reads before the raw storage bytes.
 * Whatever cannot be read to a STOP is recorded as a problem; the imports seen before it stay.
 */
export function walkPickleStream(source: ByteSource, findings: PickleFindings, label = "the pickle"): void {
  const reader = new SequentialReader(source);
  const machine = new PickleMachine(reader, findings);
  const importsBefore = findings.imports.size + findings.dangerous + findings.suspicious;
  const startsWithProtocol = startsWithProto(source.read(0, 2));
  let walked = 0;
  let limit = Number.POSITIVE_INFINITY;
  try {
    while (walked < limit && reader.remaining() > 0) {
      const value = machine.run();
      walked++;
      findings.pickles++;
      if (walked === 1 && value.kind === "int" && value.value === TORCH_LEGACY_MAGIC)
        limit = 1 + TORCH_LEGACY_PICKLES;
    }
    if (Number.isFinite(limit) && walked < limit)
      findings.problem(`${label} ends before the pickles a legacy torch.save file holds`);
  } catch (error) {
    const imported = findings.imports.size + findings.dangerous + findings.suspicious > importsBefore;
    // bytes that never started like a pickle and broke before importing anything: no loader runs a thing
    if (
      walked === 0 &&
      !startsWithProtocol &&
      !imported &&
      (error instanceof MalformedError || error instanceof TruncatedError)
    ) {
      findings.doubt(
        `${label} is not a pickle a loader can read (${error.message}); nothing in it would run`,
      );
      return;
    }
    if (error instanceof TruncatedError)
      findings.problem(
        `${label} ends before its STOP opcode (cut at byte ${reader.position} of ${source.size})`,
      );
    else if (error instanceof MalformedError)
      findings.problem(
        walked > 0
          ? `data after pickle ${walked} of ${label} is not a pickle: ${error.message}`
          : `${label} cannot be parsed: ${error.message}`,
      );
    else throw error;
  }
}

/** Whether the bytes can start a pickle: a PROTO opcode of protocol 0 to 5. */
export function startsWithProto(head: Buffer): boolean {
  return head.length >= 2 && head[0] === 0x80 && head[1] <= 5;
}
