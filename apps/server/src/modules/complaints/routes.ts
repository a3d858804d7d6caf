import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  complaintInput,
  complaintList,
  complaintMessages,
  complaintSaved,
  complaintUpdate,
} from '@pricehub/shared/schemas/complaint';
import { idInput } from '@pricehub/shared/schemas/id';
import type { AppContext } from '../../context';
import { currentStoreId, currentUser } from '../../http/access';
import * as complaintsService from './service';

const idParams = z.object({ id: idInput(complaintMessages.notFound) });

export const complaintsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/complaints',
    {
      config: { access: 'customer' },
      schema: { tags: ['complaints'], body: complaintInput, response: { 201: complaintSaved } },
    },
    async (request, reply) => {
      const complaint = await complaintsService.fileComplaint(ctx, currentUser(request).id, request.body);
      return reply.status(201).send({ message: complaintMessages.registered, complaint });
    },
  );

  app.get(
    '/complaints',
    { config: { access: 'customer' }, schema: { tags: ['complaints'], response: { 200: complaintList } } },
    async (request) => ({ complaints: await complaintsService.listCustomerComplaints(ctx, currentUser(request).id) }),
  );

  app.get(
    '/seller/complaints',
    { config: { access: 'seller' }, schema: { tags: ['complaints'], response: { 200: complaintList } } },
    async (request) => ({ complaints: await complaintsService.listStoreComplaints(ctx, currentStoreId(request)) }),
  );

  app.put(
    '/seller/complaints/:id',
    {
      config: { access: 'seller' },
      schema: { tags: ['complaints'], params: idParams, body: complaintUpdate, response: { 200: complaintSaved } },
    },
    async (request) => ({
      message: complaintMessages.updated,
      complaint: await complaintsService.updateComplaint(ctx, currentStoreId(request), request.params.id, request.body),
    }),
  );
};
