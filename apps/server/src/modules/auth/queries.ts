import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passwordResets, sessions } from '../../db/schema';

/** What other modules may do with sign-in's tables (decision 023): a deleted account's access ends. */

/** Ends every session of the account and voids its password-reset links. */
export async function endAccountAccess(tx: Db, accountId: number): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.accountId, accountId));
  await tx.delete(passwordResets).where(eq(passwordResets.accountId, accountId));
}
