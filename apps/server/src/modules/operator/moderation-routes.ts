import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { SessionUser } from '@pricehub/shared/schemas/account';
import {
  platformDashboard as dashboardAnswer,
  platformDashboardQuery,
} from '@pricehub/shared/schemas/operator-dashboard';
import {
  closeEscalationInput,
  complaintIdParams,
  escalateInput,
  escalationAnswered,
  escalationFiled,
  escalationPage,
  escalationQuery,
  refundEscalationInput,
} from '@pricehub/shared/schemas/operator-escalations';
import {
  blogIdParams,
  blogModerated,
  blogModerationPage,
  blogModerationQuery,
  hideInput,
  moderationPage,
  moderationQuery,
  optionalReasonInput,
  reportReviewInput,
  reviewIdParams,
  reviewModerated,
} from '@pricehub/shared/schemas/operator-moderation';
import { messageAnswer } from '@pricehub/shared/schemas/response';
import type { AppContext } from '../../context';
import { currentUser } from '../../http/access';
import { closeEscalation, escalateComplaint, listEscalations, refundEscalation } from './escalations';
import {
  dismissReports,
  hideBlog,
  hideReview,
  listBlogsForModeration,
  listModeration,
  reportReview,
  unhideBlog,
  unhideReview,
} from './moderation';
import { platformDashboard } from './platform-dashboard';

/**
 * Moderation (shoppers report reviews; operators hide or show reviews and blog posts), escalated complaints
 * (customers appeal; operators refund or close), and the platform dashboard. Every operator write is audited.
 */
/** What a moderation action answers: the review or post as it now is. */
type Moderated = z.infer<typeof reviewModerated> | z.infer<typeof blogModerated>;

export const moderationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['operator'];
  const operatorOnly = { access: 'operator' as const };
  // Unhiding and dismissing may say why, so their body may be left out altogether.
  const optionalReason = optionalReasonInput.nullish();
  const reviewAnswer = { 200: reviewModerated };
  const blogAnswer = { 200: blogModerated };
  const escalationAnswer = { 200: escalationAnswered };

  app.post(
    '/reviews/:id/reports',
    {
      config: { access: 'customer' },
      schema: { tags: ['reviews'], params: reviewIdParams, body: reportReviewInput, response: { 201: messageAnswer } },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const result = await reportReview(ctx, user.id, request.params.id, request.body.reason, {
        account: String(user.id),
        address: request.ip,
      });
      return reply.status(201).send(result);
    },
  );

  app.get(
    '/operator/moderation',
    { config: operatorOnly, schema: { tags, querystring: moderationQuery, response: { 200: moderationPage } } },
    (request) => listModeration(ctx.db, request.query),
  );

  /**
   * The actions on one kind of moderated item, `/operator/moderation/<kind>/:id/<action>`: hiding says why, the others
   * (showing it again, dismissing its reports) may.
   */
  function itemActions(
    kind: 'reviews' | 'blogs',
    params: typeof reviewIdParams | typeof blogIdParams,
    response: typeof reviewAnswer | typeof blogAnswer,
    hide: (ctx: AppContext, operator: SessionUser, id: number, reason: string) => Promise<Moderated>,
    others: Record<string, (ctx: AppContext, operator: SessionUser, id: number, reason?: string) => Promise<Moderated>>,
  ) {
    app.post(
      `/operator/moderation/${kind}/:id/hide`,
      { config: operatorOnly, schema: { tags, params, body: hideInput, response } },
      (request) => hide(ctx, currentUser(request), request.params.id, request.body.reason),
    );
    for (const [action, act] of Object.entries(others)) {
      app.post(
        `/operator/moderation/${kind}/:id/${action}`,
        { config: operatorOnly, schema: { tags, params, body: optionalReason, response } },
        (request) => act(ctx, currentUser(request), request.params.id, request.body?.reason),
      );
    }
  }

  itemActions('reviews', reviewIdParams, reviewAnswer, hideReview, { unhide: unhideReview, dismiss: dismissReports });

  app.get(
    '/operator/moderation/blogs',
    {
      config: operatorOnly,
      schema: { tags, querystring: blogModerationQuery, response: { 200: blogModerationPage } },
    },
    (request) => listBlogsForModeration(ctx.db, request.query),
  );

  itemActions('blogs', blogIdParams, blogAnswer, hideBlog, { unhide: unhideBlog });

  app.post(
    '/complaints/:id/escalate',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['complaints'],
        params: complaintIdParams,
        body: escalateInput,
        response: { 201: escalationFiled },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await escalateComplaint(ctx, currentUser(request).id, request.params.id, request.body.reason)),
  );

  app.get(
    '/operator/escalations',
    { config: operatorOnly, schema: { tags, querystring: escalationQuery, response: { 200: escalationPage } } },
    (request) => listEscalations(ctx.db, request.query),
  );

  app.post(
    '/operator/escalations/:id/refund',
    {
      config: operatorOnly,
      schema: { tags, params: complaintIdParams, body: refundEscalationInput, response: escalationAnswer },
    },
    (request) => refundEscalation(ctx, currentUser(request), request.params.id, request.body, request.log),
  );

  app.post(
    '/operator/escalations/:id/close',
    {
      config: operatorOnly,
      schema: { tags, params: complaintIdParams, body: closeEscalationInput, response: escalationAnswer },
    },
    (request) => closeEscalation(ctx, currentUser(request), request.params.id, request.body.message),
  );

  app.get(
    '/operator/dashboard',
    {
      config: operatorOnly,
      schema: { tags, querystring: platformDashboardQuery, response: { 200: dashboardAnswer } },
    },
    (request) => platformDashboard(ctx, request.query.days),
  );
};
