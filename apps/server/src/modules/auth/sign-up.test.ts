import { describe, expect, it } from 'vitest';
import { messages } from '@pricehub/shared/messages';
import { tooManyRequests } from '../../http/rate-limit';
import { buildTestApp } from '../../testing/test-app';
import { REGISTRATION_LIMIT } from './limits';

const t = await buildTestApp();

const unique = () => Math.random().toString(36).slice(2);
const customer = (email: string) => ({
  name: 'Sara Malik',
  email,
  password: 'Str0ng!pass',
  phone: '03001234567',
  address: '5 Canal View, Lahore',
});
const seller = (email: string) => ({
  sellerName: 'Omar Farooq',
  storeName: `Mobile Mart ${unique()}`,
  email,
  password: 'Str0ng!pass',
  phone: '03001234567',
  license: `LIC-${unique()}`,
});
const register = (role: 'customers' | 'sellers', body: object, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: `/api/auth/${role}`, remoteAddress, payload: body });

describe('the registration limit', () => {
  it('takes 3 attempts an hour per email, from any address, and so at most 2 “someone tried” mails', async () => {
    const email = `target-${unique()}@example.test`;
    for (let i = 1; i <= REGISTRATION_LIMIT.perAccount; i++) {
      const res = await register('customers', customer(email), `10.30.0.${i}`);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ message: messages.registration.customerCreated });
    }
    const limited = await register('customers', customer(email), '10.30.1.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe(tooManyRequests);
    // The same email as a seller shares the count.
    expect((await register('sellers', seller(email), '10.30.1.2')).statusCode).toBe(429);
    await t.flushMail();
    expect(t.mail.sent.filter((m) => m.to === email)).toHaveLength(REGISTRATION_LIMIT.perAccount - 1);
  });

  it('takes 30 registrations an hour per address, customers and sellers together', async () => {
    for (let i = 0; i < REGISTRATION_LIMIT.perAddress; i++) {
      const email = `many-${i}-${unique()}@example.test`;
      const res =
        i % 2 === 0
          ? await register('customers', customer(email), '10.31.0.1')
          : await register('sellers', seller(email), '10.31.0.1');
      expect(res.statusCode).toBe(201);
    }
    const email = `one-more-${unique()}@example.test`;
    expect((await register('customers', customer(email), '10.31.0.1')).statusCode).toBe(429);
    expect((await register('customers', customer(email), '10.31.0.2')).statusCode).toBe(201);
  });
});
