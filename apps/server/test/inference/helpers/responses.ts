/** The `error` message of a Hub-shaped error answer. */
export async function errorOf(response: Response): Promise<string> {
  const body = (await response.json()) as { error?: unknown };
  return String(body.error);
}

interface ChatAnswer {
  choices: { message: { content: string } }[];
}

/** The text of a (non-streamed) chat completion answer. */
export async function answerOf(response: Response): Promise<string> {
  const body = (await response.json()) as ChatAnswer;
  return body.choices[0].message.content;
}

export interface ModelList {
  object: string;
  data: { id: string; object: string; owned_by: string }[];
}
