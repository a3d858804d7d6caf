import { and, eq, gt, isNull } from 'drizzle-orm';
import { messages } from '@pricehub/shared/messages';
import type {
  CustomerRegistration,
  LoginInput,
  Role,
  SellerRegistration,
  SessionUser,
} from '@pricehub/shared/schemas/account';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { passwordResets } from '../../db/schema';
import { badRequest, conflict, notFound, unauthorized } from '../../http/errors';
import { enforceLimit, refundHit } from '../../http/rate-limit';
import { accountUsers } from '../accounts/queries';
import { findAccount, findAccountByEmail, insertAccount, insertStore, updateAccount } from '../accounts/repository';
import { enqueueMail } from '../mail/outbox';
import { LOGIN_LIMIT, PASSWORD_RESET_LIMIT, REGISTRATION_LIMIT } from './limits';
import { hashPassword, verifyPassword } from './passwords';
import { createSession, destroyOtherSessions } from './session-service';
import { hashToken, newToken } from './tokens';

const RESET_TOKEN_MS = 60 * 60 * 1000;

const SLUG_ATTEMPTS = 3;

/** The answer to registering a taken address is the answer to a new one; only its owner learns, by mail. */
async function mailRegistrationAttempt(ctx: AppContext, role: Role, email: string): Promise<void> {
  const [signIn, forgot] = role === 'customer' ? ['login', 'forget-password'] : ['sellerLogin', 'Cforget-password'];
  await enqueueMail(ctx.db, {
    to: email,
    subject: 'Someone tried to register with your PriceHub address',
    text: `Hello,\n\nSomeone just tried to open a PriceHub ${role} account with this email address, which already has one. Nothing was changed.\n\nIf it was you, sign in at ${ctx.config.publicUrl}/${signIn}, or choose a new password at ${ctx.config.publicUrl}/${forgot}.\n\nIf it was not you, ignore this mail.\n`,
  });
}

/** Creates the customer's account; null when the address already has one. */
async function insertCustomer(ctx: AppContext, input: CustomerRegistration): Promise<{ id: number } | null> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await insertAccount(ctx.db, {
      role: 'customer',
      email: input.email,
      passwordHash,
      name: input.name,
      phone: input.phone,
      address: input.address,
    });
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/** Creates the seller's account and store; null when the address already has a seller account. */
async function insertSeller(ctx: AppContext, input: SellerRegistration): Promise<{ id: number } | null> {
  const passwordHash = await hashPassword(input.password);
  for (let attempt = 1; ; attempt++) {
    try {
      return await ctx.db.transaction(async (tx) => {
        const account = await insertAccount(tx, {
          role: 'seller',
          email: input.email,
          passwordHash,
          name: input.sellerName,
          phone: input.phone,
        });
        await insertStore(tx, {
          sellerId: account.id,
          name: input.storeName,
          licenseId: input.license,
          phone: input.phone,
        });
        return account;
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (await findAccountByEmail(ctx.db, 'seller', input.email)) return null;
      // Another store took the same slug at the same moment: pick again.
      if (attempt >= SLUG_ATTEMPTS) throw error;
    }
  }
}

/** For tools and tests that need the new account: a taken address is an error here. */
export async function registerCustomer(ctx: AppContext, input: CustomerRegistration): Promise<{ id: number }> {
  const account = await insertCustomer(ctx, input);
  if (!account) throw conflict(messages.registration.emailTaken, { email: messages.registration.emailTaken });
  return account;
}

export async function registerSeller(ctx: AppContext, input: SellerRegistration): Promise<{ id: number }> {
  const account = await insertSeller(ctx, input);
  if (!account) throw conflict(messages.registration.sellerTaken, { email: messages.registration.sellerTaken });
  return account;
}

/**
 * Registration from the public form: rate-limited per email and per address, and a taken address is answered
 * exactly like a new one (its owner is mailed instead), so the form cannot tell who has an account.
 */
export async function signUp(
  ctx: AppContext,
  input: ({ role: 'customer' } & CustomerRegistration) | ({ role: 'seller' } & SellerRegistration),
  address: string,
): Promise<void> {
  await enforceLimit(ctx.db, REGISTRATION_LIMIT, { account: input.email, address });
  const account = input.role === 'customer' ? await insertCustomer(ctx, input) : await insertSeller(ctx, input);
  if (!account) await mailRegistrationAttempt(ctx, input.role, input.email);
}

/** Compared against when the email is unknown, so that a miss costs the same argon2 work as a wrong password. */
let dummyHash: Promise<string> | undefined;

/**
 * Checks the password and opens a session. Every attempt is counted before the password is checked (per
 * role+email and per address, in one statement each), and a success gives its hit back: only failures add up,
 * and a parallel burst cannot slip past the count.
 */
export async function login(ctx: AppContext, input: LoginInput, address: string) {
  const caller = { account: `${input.role}:${input.email}`, address };
  await enforceLimit(ctx.db, LOGIN_LIMIT, caller, messages.login.tooManyAttempts);
  const account = await findAccountByEmail(ctx.db, input.role, input.email);
  dummyHash ??= hashPassword(newToken());
  const ok = await verifyPassword(account?.passwordHash ?? (await dummyHash), input.password);
  if (!account || !ok) throw unauthorized(messages.login.invalid);
  await refundHit(ctx.db, LOGIN_LIMIT, caller);
  return createSession(ctx.db, account.id, ctx.now());
}

/** Always the same answer, whether or not the account exists; the link is mailed through the outbox. */
export async function requestPasswordReset(ctx: AppContext, email: string, role: Role, address: string): Promise<void> {
  // Counted per email whether or not it has an account, so a 429 tells nothing either.
  await enforceLimit(ctx.db, PASSWORD_RESET_LIMIT, { account: email, address });
  const account = await findAccountByEmail(ctx.db, role, email);
  if (!account) return;
  const token = newToken();
  const path = role === 'customer' ? 'userpassword' : 'sellerpassword';
  const link = `${ctx.config.publicUrl}/${path}/reset/${token}`;
  await ctx.db.transaction(async (tx) => {
    await tx.insert(passwordResets).values({
      accountId: account.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(ctx.now().getTime() + RESET_TOKEN_MS),
    });
    await enqueueMail(tx, {
      to: account.email,
      subject: 'Reset your PriceHub password',
      text: `Hello ${account.name},\n\nSomeone asked to reset the password of your PriceHub ${role} account.\nOpen this link within one hour to choose a new password:\n\n${link}\n\nIf it was not you, ignore this mail: your password stays as it is.\n`,
    });
  });
}

async function findUsableReset(db: Db, token: string, now: Date) {
  const [reset] = await db
    .select({ id: passwordResets.id, accountId: passwordResets.accountId, role: accountUsers.role })
    .from(passwordResets)
    .innerJoin(accountUsers, eq(accountUsers.id, passwordResets.accountId))
    .where(
      and(
        eq(passwordResets.tokenHash, hashToken(token)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    )
    .limit(1);
  return reset;
}

export async function checkPasswordReset(ctx: AppContext, token: string): Promise<{ role: Role }> {
  const reset = await findUsableReset(ctx.db, token, ctx.now());
  if (!reset) throw notFound(messages.password.resetInvalid);
  return { role: reset.role };
}

export async function completePasswordReset(ctx: AppContext, token: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    const reset = await findUsableReset(tx, token, ctx.now());
    if (!reset) throw notFound(messages.password.resetInvalid);
    // Marking it used in the same statement that checks it makes the token single-use even under a race.
    const used = await tx
      .update(passwordResets)
      .set({ usedAt: ctx.now() })
      .where(and(eq(passwordResets.id, reset.id), isNull(passwordResets.usedAt)))
      .returning({ id: passwordResets.id });
    if (used.length === 0) throw notFound(messages.password.resetInvalid);
    await updateAccount(tx, reset.accountId, { passwordHash, updatedAt: ctx.now() });
    await destroyOtherSessions(tx, reset.accountId);
  });
}

/**
 * The signed-in user's new password (PUT /api/me/password). The current password is checked here, on the server;
 * the browser never sees a stored password. Every other session of the account ends; this one stays.
 */
export async function changePassword(
  ctx: AppContext,
  user: SessionUser,
  input: { currentPassword: string; newPassword: string },
  keepSessionToken?: string,
): Promise<void> {
  const account = await findAccount(ctx.db, user.id);
  if (!account || !(await verifyPassword(account.passwordHash, input.currentPassword))) {
    throw badRequest(messages.password.currentWrong, { currentPassword: messages.password.currentWrong });
  }
  await updateAccount(ctx.db, user.id, { passwordHash: await hashPassword(input.newPassword), updatedAt: ctx.now() });
  await destroyOtherSessions(ctx.db, user.id, keepSessionToken);
}
