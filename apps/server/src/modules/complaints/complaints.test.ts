import { describe, expect, it } from 'vitest';
import { complaintMessages } from '@pricehub/shared/schemas/complaint';
import { buildTestApp } from '../../testing/test-app';
import { createCustomer, createSeller } from '../../testing/factories';
import { insertOrder, storeIdOf } from '../sales/test-fixtures';

const t = await buildTestApp();
const shopper = await createCustomer(t, { name: 'Ayesha Khan' });
const stranger = await createCustomer(t);
const seller = await createSeller(t);
const rival = await createSeller(t);
const orderId = await insertOrder(t.ctx, {
  customerId: shopper.id,
  storeId: await storeIdOf(t.ctx, seller.id),
  total: 50_000_00,
  createdAt: new Date(),
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload: payload as object } : {}) });
const complaint = { orderId, subject: 'Screen cracked', description: 'The phone arrived with a cracked screen.' };

describe('customer side', () => {
  it.each([
    ['no order', { orderId: '' }, complaintMessages.orderRequired],
    ['no subject', { subject: ' ' }, complaintMessages.subjectRequired],
    ['no description', { description: '' }, complaintMessages.descriptionRequired],
  ])('refuses a complaint with %s', async (_, over, message) => {
    const res = await call('POST', '/api/complaints', shopper.cookie, { ...complaint, ...over });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
  });

  it('refuses a complaint on someone else’s order as on an unknown order (404)', async () => {
    expect((await call('POST', '/api/complaints', stranger.cookie, complaint)).statusCode).toBe(404);
    expect((await call('POST', '/api/complaints', shopper.cookie, { ...complaint, orderId: 'SG1' })).statusCode).toBe(
      404,
    );
    expect((await call('GET', '/api/complaints', stranger.cookie)).json().complaints).toEqual([]);
  });

  it('answers 401 to visitors and 403 to sellers', async () => {
    expect((await call('POST', '/api/complaints', undefined, complaint)).statusCode).toBe(401);
    expect((await call('POST', '/api/complaints', seller.cookie, complaint)).statusCode).toBe(403);
    expect((await call('GET', '/api/seller/complaints', shopper.cookie)).statusCode).toBe(403);
  });

  it('files one on their own order and sees it as Open', async () => {
    const res = await call('POST', '/api/complaints', shopper.cookie, complaint);
    expect(res.statusCode).toBe(201);
    const mine = (await call('GET', '/api/complaints', shopper.cookie)).json().complaints;
    expect(mine).toEqual([
      expect.objectContaining({ orderId, subject: 'Screen cracked', status: 'Open', actionTaken: '' }),
    ]);
  });
});

describe('seller side', () => {
  it('shows the complaint to the order’s store only', async () => {
    const theirs = (await call('GET', '/api/seller/complaints', seller.cookie)).json().complaints;
    expect(theirs).toEqual([
      expect.objectContaining({ orderId, customer: expect.objectContaining({ name: 'Ayesha Khan' }) }),
    ]);
    expect((await call('GET', '/api/seller/complaints', rival.cookie)).json().complaints).toEqual([]);
  });

  it('lets only that store set the status and action, which the customer then sees', async () => {
    const [{ id }] = (await call('GET', '/api/seller/complaints', seller.cookie)).json().complaints;
    const update = { status: 'Resolved', actionTaken: 'Replacement shipped' };
    expect((await call('PUT', `/api/seller/complaints/${id}`, rival.cookie, update)).statusCode).toBe(404);
    expect((await call('PUT', '/api/seller/complaints/999999', seller.cookie, update)).statusCode).toBe(404);
    expect((await call('PUT', `/api/seller/complaints/${id}`, seller.cookie, { status: 'Closed' })).statusCode).toBe(
      400,
    );
    const res = await call('PUT', `/api/seller/complaints/${id}`, seller.cookie, update);
    expect(res.statusCode).toBe(200);
    const [mine] = (await call('GET', '/api/complaints', shopper.cookie)).json().complaints;
    expect(mine).toMatchObject({ status: 'Resolved', actionTaken: 'Replacement shipped' });
  });
});
