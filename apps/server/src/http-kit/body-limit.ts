import type { Context, MiddlewareHandler, Next } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HttpError } from "../domain/errors.js";

/**
 * Bounds a request body at `maxSize` bytes, refusing a larger one with `status` (413) and `message`. A body that
 * declares its length (Node's parser holds it to that length) is judged by the header alone: the body is
 * not touched, so @hono/node-server does not build its full fetch Request (headers copied, a web stream,
 * an abort controller) for a route that reads the Node body itself. A chunked body is counted while it
 * streams (Hono's bodyLimit).
 */
export function boundedBody(maxSize: number, message: string, status: 400 | 413 = 413): MiddlewareHandler {
  const refuse = (): never => {
    throw new HttpError(status, message);
  };
  const counted = bodyLimit({ maxSize, onError: refuse });
  return async (c: Context, next: Next) => {
    const declared = c.req.header("Content-Length");
    if (declared !== undefined && c.req.header("Transfer-Encoding") === undefined) {
      const length = Number(declared);
      if (Number.isSafeInteger(length) && length >= 0) {
        if (length > maxSize) refuse();
        return next();
      }
    }
    return counted(c, next);
  };
}
