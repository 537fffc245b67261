import { badRequest } from "../../../domain/errors.js";
import { MAX_TEXT_CHARS, type TaskBody } from "../task-requests.js";

/** Checked readers of request fields shared by the task families; each failure is a 400 naming the field. */

export type Fields = Record<string, unknown>;

const absent = (value: unknown) => value === undefined || value === null;

export function objectField(value: unknown, what: string): Fields {
  if (!value || typeof value !== "object" || Array.isArray(value))
    throw badRequest(`${what} must be a JSON object`);
  return value as Fields;
}

export function textField(value: unknown, what: string, options: { allowEmpty?: boolean } = {}): string {
  if (typeof value !== "string") throw badRequest(`${what} must be a string`);
  if (!options.allowEmpty && value.trim() === "") throw badRequest(`${what} is empty`);
  if (value.length > MAX_TEXT_CHARS) throw badRequest(`${what} is longer than ${MAX_TEXT_CHARS} characters`);
  return value;
}

/** A string, or a non-empty list of at most `max` strings. */
export function textsField(
  value: unknown,
  what: string,
  max: number,
  options: { allowEmpty?: boolean } = {},
): { texts: string[]; single: boolean } {
  if (typeof value === "string") return { texts: [textField(value, what, options)], single: true };
  if (!Array.isArray(value) || value.length === 0)
    throw badRequest(`${what} must be a string or a non-empty list of strings`);
  if (value.length > max) throw badRequest(`${what} has more than ${max} texts`);
  return { texts: value.map((item, i) => textField(item, `${what}[${i}]`, options)), single: false };
}

export function numberField(
  fields: Fields,
  key: string,
  what: string,
  range: { min: number; max: number; integer?: boolean; exclusiveMin?: boolean },
): number | undefined {
  const value = fields[key];
  if (absent(value)) return undefined;
  const name = `"${what}.${key}"`;
  if (typeof value !== "number" || !Number.isFinite(value)) throw badRequest(`${name} must be a number`);
  if (range.integer && !Number.isInteger(value)) throw badRequest(`${name} must be a whole number`);
  const low = range.exclusiveMin ? value <= range.min : value < range.min;
  if (low || value > range.max)
    throw badRequest(
      `${name} must be ${range.exclusiveMin ? "above" : "at least"} ${range.min} and at most ${range.max}`,
    );
  return value;
}

export function booleanField(fields: Fields, key: string, what: string): boolean | undefined {
  const value = fields[key];
  if (absent(value)) return undefined;
  if (typeof value !== "boolean") throw badRequest(`"${what}.${key}" must be true or false`);
  return value;
}

export function stringField(fields: Fields, key: string, what: string): string | undefined {
  const value = fields[key];
  if (absent(value)) return undefined;
  if (typeof value !== "string" || value.trim() === "")
    throw badRequest(`"${what}.${key}" must be a non-empty string`);
  return value;
}

/** The JSON task body: `inputs` and the `parameters` object (empty when absent). */
export function jsonTaskBody(
  body: TaskBody,
  task: string,
): { inputs: unknown; parameters: Fields; root: Fields } {
  if (body.kind !== "json")
    throw badRequest(
      `The ${task} task takes a JSON body {"inputs": …}; got ${body.contentType || "no content type"}`,
    );
  const root = objectField(body.value, "The body");
  if (root.inputs === undefined) throw badRequest('"inputs" is required');
  const parameters = absent(root.parameters) ? {} : objectField(root.parameters, '"parameters"');
  return { inputs: root.inputs, parameters, root };
}

/**
 * Parameters a family does not honour: `false`/`null`/absent pass, anything else is a 400 in the words
 * huggingface_hub's InferenceClient reads ("The following `model_kwargs` are not used by the model:
 * [...]"), so that client retries without them, as it does against a non-TGI server.
 */
export function refuseUnused(parameters: Fields, known: ReadonlySet<string>): void {
  const unused = Object.keys(parameters).filter(
    (key) => !known.has(key) && !absent(parameters[key]) && parameters[key] !== false,
  );
  if (unused.length > 0)
    throw badRequest(
      `The following \`model_kwargs\` are not used by the model: [${unused.map((key) => `'${key}'`).join(", ")}] (note: typos in the generate arguments will also show up in this list)`,
    );
}

/**
 * A media input (audio, an image): the raw body, or base64 (optionally a data URL) in a JSON `inputs`.
 * URLs are refused: the hub never fetches inputs from the internet.
 */
export function mediaInput(body: TaskBody, what: string): { bytes: Uint8Array; parameters: Fields } {
  if (body.kind === "bytes") {
    if (body.bytes.length === 0) throw badRequest(`The body is empty: send the ${what} bytes`);
    return { bytes: body.bytes, parameters: {} };
  }
  const { inputs, parameters } = jsonTaskBody(body, `${what}`);
  if (typeof inputs !== "string" || inputs.trim() === "")
    throw badRequest(`"inputs" must be the ${what}: send its bytes as the body, or base64 in "inputs"`);
  const text = inputs.trim();
  if (/^https?:\/\//i.test(text))
    throw badRequest(
      `"inputs" is a URL: this hub does not fetch inputs from the internet; send the ${what} bytes`,
    );
  const data = text.replace(/^data:[^;,]*;base64,/i, "");
  if (!/^[A-Za-z0-9+/_-]+=*$/.test(data)) throw badRequest(`"inputs" is not base64-encoded ${what} data`);
  const bytes = new Uint8Array(Buffer.from(data, "base64"));
  if (bytes.length === 0) throw badRequest(`"inputs" holds no ${what} data`);
  return { bytes, parameters };
}
