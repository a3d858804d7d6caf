import OpenAI from 'openai';

export interface ChatTurn {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface OpenAIChatOptions {
  apiKey: string;
  baseUrl?: string;
  model: string;
  signal?: AbortSignal;
}

/**
 * Streams a chat completion from any OpenAI-compatible server through the official SDK, yielding the text as
 * it arrives. Retries are off: a streamed answer cannot be retried half-way, and the shopper can resend.
 */
export async function* streamOpenAIChat(turns: ChatTurn[], options: OpenAIChatOptions): AsyncGenerator<string> {
  const client = new OpenAI({
    apiKey: options.apiKey,
    baseURL: options.baseUrl,
    maxRetries: 0,
    timeout: 60_000,
  });
  const stream = await client.chat.completions.create(
    { model: options.model, messages: turns, stream: true },
    { signal: options.signal },
  );
  for await (const chunk of stream) {
    const text = chunk.choices[0]?.delta?.content;
    if (text) yield text;
  }
}
