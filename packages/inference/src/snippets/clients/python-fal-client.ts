import { python } from "@modelhub/tasks";
import type { ClientTemplate } from "../context.js";
import { pythonBody } from "../body-literal.js";
import { joinLines } from "../join-lines.js";

const FAL_KINDS = new Set(["textToImage", "imageToImage", "imageToVideo"]);

/** fal's own client reads FAL_KEY itself, so the snippet carries no token. */
export const pythonFalClient: ClientTemplate = {
  language: "python",
  client: "fal_client",
  render(ctx) {
    if (ctx.request.provider !== "fal-ai" || !FAL_KINDS.has(ctx.input.kind)) return undefined;
    if (ctx.request.body.type !== "json") return undefined;
    const body = pythonBody(ctx.request.body.value, 1);
    const imports = body.readsFiles ? ["import base64", "import fal_client"] : ["import fal_client"];
    const prelude = body.prelude.length ? [...body.prelude, ""] : [];
    return joinLines([
      ...imports,
      "",
      ...prelude,
      "result = fal_client.subscribe(",
      python`    ${ctx.request.providerModelId},`,
      `    arguments=${body.literal},`,
      ")",
      "",
      "print(result)",
    ]);
  },
};
