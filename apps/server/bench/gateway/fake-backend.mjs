// A fast OpenAI-compatible backend for the gateway bench: answers at once, except model "slow", which
// streams `slowChunks` chunks spread over `slowMs`.
import { createServer } from "node:http";

const USAGE = { prompt_tokens: 7, completion_tokens: 3, total_tokens: 10 };

function chunk(model, text) {
  return {
    id: "b-1",
    object: "chat.completion.chunk",
    created: 1_700_000_000,
    model,
    choices: [{ index: 0, delta: { content: text }, finish_reason: null }],
  };
}

export async function startFakeBackend({ slowChunks = 50, slowMs = 5000 } = {}) {
  const server = createServer((req, res) => {
    const parts = [];
    req.on("data", (part) => parts.push(part));
    req.on("end", () => {
      if (req.method === "GET") {
        res.writeHead(200, { "Content-Type": "application/json" }).end('{"object":"list","data":[]}');
        return;
      }
      const body = JSON.parse(Buffer.concat(parts).toString("utf8") || "{}");
      const model = String(body.model);
      if (body.stream !== true) {
        const answer = {
          id: "b-1",
          object: "chat.completion",
          created: 1_700_000_000,
          model,
          choices: [
            { index: 0, message: { role: "assistant", content: "Hello there" }, finish_reason: "stop" },
          ],
          usage: USAGE,
        };
        res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(answer));
        return;
      }
      res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache" });
      const send = (data) => res.write(`data: ${JSON.stringify(data)}\n\n`);
      const finish = () => {
        send({ ...chunk(model, ""), choices: [], usage: USAGE });
        res.end("data: [DONE]\n\n");
      };
      if (model !== "slow") {
        for (const piece of ["Hello", " there"]) send(chunk(model, piece));
        finish();
        return;
      }
      let sent = 0;
      const timer = setInterval(() => {
        if (res.destroyed) return clearInterval(timer);
        send(chunk(model, "word "));
        if (++sent >= slowChunks) {
          clearInterval(timer);
          finish();
        }
      }, slowMs / slowChunks);
      res.on("close", () => clearInterval(timer));
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    baseUrl: `http://127.0.0.1:${server.address().port}/v1`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  };
}
