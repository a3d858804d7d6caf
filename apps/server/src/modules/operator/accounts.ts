import { operatorAccountInput, operatorMessages, type OperatorAccountInput } from '@pricehub/shared/schemas/operator';
import { fieldErrors } from '@pricehub/shared/schemas/error';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { badRequest, conflict } from '../../http/errors';
import { findAccountByEmail, insertAccount } from '../accounts/repository';
import { hashPassword } from '../auth/passwords';
import { recordAudit, type AuditActor } from './audit';

export interface OperatorAccount {
  id: number;
  email: string;
  name: string;
}

/** Checks raw input (from the command line) with the sign-up rules: a 400 naming the first bad field. */
export function parseOperatorInput(raw: unknown): OperatorAccountInput {
  const parsed = operatorAccountInput.safeParse(raw);
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error.issues);
    throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid input', fields);
  }
  return parsed.data;
}

/**
 * Makes an operator account (the only way one is made: `npm run operator -- create`, or the development demo). A
 * taken email is a 409. Operators have no phone or address: they neither buy nor sell.
 */
export async function createOperator(db: Db, raw: unknown, actor: AuditActor): Promise<OperatorAccount> {
  const input = parseOperatorInput(raw);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const { id } = await insertAccount(tx, {
        role: 'operator',
        email: input.email,
        name: input.name,
        passwordHash,
        phone: '',
      });
      const account = { id, email: input.email, name: input.name };
      await recordAudit(tx, {
        actor,
        action: 'operator.create',
        target: { type: 'operator', id: account.id, name: account.email },
        after: { email: account.email, name: account.name },
      });
      return account;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(operatorMessages.emailTaken, { email: operatorMessages.emailTaken });
    throw error;
  }
}

/** The development demo's operator: made once, left alone afterwards (a changed password stays changed). */
export async function ensureOperator(db: Db, input: OperatorAccountInput, actor: AuditActor): Promise<boolean> {
  if (await findAccountByEmail(db, 'operator', input.email)) return false;
  try {
    await createOperator(db, input, actor);
    return true;
  } catch (error) {
    // Another process made it at the same moment.
    if ((error as { statusCode?: number }).statusCode === 409) return false;
    throw error;
  }
}
