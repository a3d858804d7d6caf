import { randomBytes } from 'node:crypto';
import type { App } from '../../app';
import type { AppContext } from '../../context';
import type { TestUser } from '../../testing/factories';
import { createOperator } from './accounts';

export const OPERATOR_TEST_PASSWORD = 'Op3rator!pass';

/** An operator account, made as the command line makes one, and signed in through the real login route. */
export async function createTestOperator(
  t: { app: App; ctx: AppContext },
  overrides: Partial<{ email: string; name: string }> = {},
): Promise<TestUser> {
  const email = overrides.email ?? `operator-${randomBytes(4).toString('hex')}@example.test`;
  const { id } = await createOperator(
    t.ctx.db,
    { email, name: overrides.name ?? 'Test Operator', password: OPERATOR_TEST_PASSWORD },
    'command line',
  );
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: OPERATOR_TEST_PASSWORD, role: 'operator' },
  });
  if (res.statusCode !== 200) throw new Error(`operator sign-in failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'ph_session')!;
  return { id, email, password: OPERATOR_TEST_PASSWORD, cookie: `ph_session=${cookie.value}` };
}
