import { describe, expect, it } from 'vitest';
import { messages } from '@pricehub/shared/messages';
import { operatorMessages } from '@pricehub/shared/schemas/operator';
import { seedDemoOperator } from '../../db/seed/demo-operator';
import { DEMO_OPERATOR } from '../../db/seed/demo-accounts';
import { buildTestApp } from '../../testing/test-app';
import { createOperator } from './accounts';

const t = await buildTestApp();
const login = (email: string, password: string, role: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password, role } });

describe('operator accounts', () => {
  it('are made with the sign-up rules and sign in with role operator only', async () => {
    await createOperator(t.ctx.db, { email: 'Ops@Example.test', name: 'Ops One', password: 'Str0ng!pass' }, 'test');
    const res = await login('ops@example.test', 'Str0ng!pass', 'operator');
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      role: 'operator',
      email: 'ops@example.test',
      name: 'Ops One',
      store: null,
    });
    const cookie = res.cookies.find((c) => c.name === 'ph_session')!;
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: `ph_session=${cookie.value}` },
    });
    expect(session.json().user.role).toBe('operator');
    // The same address and password are no customer or seller.
    expect((await login('ops@example.test', 'Str0ng!pass', 'customer')).statusCode).toBe(401);
    expect((await login('ops@example.test', 'Str0ng!pass', 'seller')).statusCode).toBe(401);
  });

  it('refuses a taken email with 409', async () => {
    await expect(
      createOperator(t.ctx.db, { email: 'ops@example.test', name: 'Ops Two', password: 'Str0ng!pass' }, 'test'),
    ).rejects.toMatchObject({ statusCode: 409, message: operatorMessages.emailTaken });
  });

  it.each([
    ['a weak password', { password: 'password' }, messages.registration.weakPassword],
    ['a bad email', { email: 'not-an-email' }, 'Please enter a valid email'],
    ['no name', { name: '  ' }, operatorMessages.nameRequired],
  ])('refuses %s with 400', async (_, over, message) => {
    await expect(
      createOperator(
        t.ctx.db,
        { email: 'new.ops@example.test', name: 'New', password: 'Str0ng!pass', ...over },
        'test',
      ),
    ).rejects.toMatchObject({ statusCode: 400, message });
  });

  it('have no mailed password reset (a new password comes from the command line)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { email: 'ops@example.test', role: 'operator' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('the demo operator', () => {
  it('is never made in production', async () => {
    const production = { ...t.ctx, config: { ...t.ctx.config, env: 'production' as const, seedDemo: true } };
    expect(await seedDemoOperator(production)).toBe(false);
    expect((await login(DEMO_OPERATOR.email, DEMO_OPERATOR.password, 'operator')).statusCode).toBe(401);
  });

  it('is made once in development, with the printed login', async () => {
    const development = { ...t.ctx, config: { ...t.ctx.config, env: 'development' as const, seedDemo: true } };
    expect(await seedDemoOperator(development)).toBe(true);
    expect(await seedDemoOperator(development)).toBe(false);
    expect((await login(DEMO_OPERATOR.email, DEMO_OPERATOR.password, 'operator')).statusCode).toBe(200);
  });
});
