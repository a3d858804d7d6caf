import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '@pricehub/shared/messages';
import { chatRequest, type ChatStreamEvent } from '@pricehub/shared/schemas/chat';
import { rawAnswer } from '@pricehub/shared/schemas/response';
import type { AppContext } from '../../context';
import { enforceChatLimit } from './chat-limit';
import { chatReply } from './service';

const sse = (e: ChatStreamEvent) => {
  const { event, ...data } = e;
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
};

export const chatRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  /**
   * Streams the reply as server-sent events (see ChatStreamEvent). Bad input and the rate limit answer with
   * the usual JSON error before the stream starts; a failure once it has started ends it with an `error` event.
   */
  app.post(
    '/chat',
    {
      config: { access: 'public', keepsCatalogue: true },
      schema: {
        tags: ['chat'],
        body: chatRequest,
        response: {
          200: rawAnswer(
            'text/event-stream',
            'Server-sent events: `delta` {text} as the reply is written, then `done`, or `error` {message}',
          ),
        },
      },
    },
    async (request, reply) => {
      await enforceChatLimit(ctx, request, reply);
      const abort = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) abort.abort();
      });
      async function* events(): AsyncGenerator<string> {
        try {
          for await (const text of chatReply(ctx, request.body.messages, abort.signal)) {
            yield sse({ event: 'delta', text });
          }
          yield sse({ event: 'done' });
        } catch (error) {
          if (abort.signal.aborted) return;
          request.log.error({ err: error }, 'chat reply failed');
          yield sse({ event: 'error', message: messages.chat.failure });
        }
      }
      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no')
        .send(Readable.from(events()));
    },
  );
};
