export { checkPython, checkShell, checkJavaScript, checkTypeScript, type SyntaxResult } from "./syntax.js";
export { markerOutsideStrings } from "./literal-scan.js";
