import type { AppContext } from '../../context';
import { ensureOperator } from '../../modules/operator/accounts';
import { DEMO_OPERATOR } from './demo-accounts';

/**
 * The demo operator, outside production only: an operator can suspend any store, and the demo logins are public.
 * Made when missing, so a development database seeded before operators existed gets one too.
 */
export async function seedDemoOperator(ctx: AppContext): Promise<boolean> {
  if (ctx.config.env === 'production' || !ctx.config.seedDemo) return false;
  return ensureOperator(ctx.db, DEMO_OPERATOR, 'demo seed');
}
