export { pyString, jsString, shString, jsKey, isPyIdentifier } from "./literals.js";
export { pyValue, jsValue, jsonValue, pyKwargs, INDENT, type LiteralValue } from "./values.js";
export {
  python,
  javascript,
  shell,
  raw,
  RawCode,
  indentLines,
  indentFollowingLines,
  type Interpolation,
} from "./templates.js";
