import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ratingText } from '@pricehub/shared/rules/rating';
import { sentimentInput, sentimentResult } from '@pricehub/shared/schemas/offer';
import type { AppContext } from '../../context';
import { summarizeTexts } from './service';

/** Public scoring of review texts: the spec's /getSentimentScore, bounded so it cannot be used to burn CPU. */
export const sentimentRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app) => {
  app.post(
    '/sentiment',
    {
      config: { access: 'public' },
      bodyLimit: 1024 * 1024,
      schema: { tags: ['sentiment'], body: sentimentInput, response: { 200: sentimentResult } },
    },
    async (request) => {
      const summary = summarizeTexts(request.body.texts);
      return { ...summary, ratingText: ratingText(summary) };
    },
  );
};
