import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { messages } from '@pricehub/shared/messages';
import type { CustomerRegistration, LoginInput, Role, SellerRegistration } from '@pricehub/shared/schemas/account';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { accounts, passwordResets, stores } from '../../db/schema';
import { conflict, notFound, tooMany, unauthorized } from '../../http/errors';
import { addHit, clearHits, countHits } from '../../http/rate-limit';
import { enqueueMail } from '../mail/outbox';
import { hashPassword, verifyPassword } from './passwords';
import { createSession, destroyOtherSessions } from './session-service';
import { hashToken, newToken } from './tokens';

const LOGIN_FAILURES_PER_MINUTE = 10;
const RESET_TOKEN_MS = 60 * 60 * 1000;

/** A URL-safe store handle: "Galaxy Mobiles & Co." → "galaxy-mobiles-co". */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug || 'store';
}

async function uniqueStoreSlug(db: Db, name: string): Promise<string> {
  const base = slugify(name);
  const taken = await db
    .select({ slug: stores.slug })
    .from(stores)
    .where(sql`${stores.slug} = ${base} or ${stores.slug} like ${base + '-%'}`);
  const used = new Set(taken.map((t) => t.slug));
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

export async function registerCustomer(ctx: AppContext, input: CustomerRegistration) {
  const passwordHash = await hashPassword(input.password);
  try {
    const [account] = await ctx.db
      .insert(accounts)
      .values({
        role: 'customer',
        email: input.email,
        passwordHash,
        name: input.name,
        phone: input.phone,
        address: input.address,
      })
      .returning({ id: accounts.id });
    return account!;
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict(messages.registration.emailTaken, { email: messages.registration.emailTaken });
    throw error;
  }
}

export async function registerSeller(ctx: AppContext, input: SellerRegistration) {
  const passwordHash = await hashPassword(input.password);
  try {
    return await ctx.db.transaction(async (tx) => {
      const [account] = await tx
        .insert(accounts)
        .values({ role: 'seller', email: input.email, passwordHash, name: input.sellerName, phone: input.phone })
        .returning({ id: accounts.id });
      const slug = await uniqueStoreSlug(tx, input.storeName);
      await tx.insert(stores).values({
        sellerId: account!.id,
        name: input.storeName,
        slug,
        licenseId: input.license,
        phone: input.phone,
      });
      return account!;
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict(messages.registration.sellerTaken, { email: messages.registration.sellerTaken });
    throw error;
  }
}

/**
 * Checks the password and opens a session. Failures are counted per email+IP; the 11th attempt within a
 * minute is refused before the password is even checked.
 */
export async function login(ctx: AppContext, input: LoginInput, ip: string) {
  const limitKey = `login:${input.role}:${input.email}:${ip}`;
  if ((await countHits(ctx.db, limitKey, 60)) >= LOGIN_FAILURES_PER_MINUTE) {
    throw tooMany(messages.login.tooManyAttempts);
  }
  const [account] = await ctx.db
    .select()
    .from(accounts)
    .where(and(eq(accounts.role, input.role), eq(accounts.email, input.email)))
    .limit(1);
  const ok = account ? await verifyPassword(account.passwordHash, input.password) : false;
  if (!account || !ok) {
    await addHit(ctx.db, limitKey, 60);
    throw unauthorized(messages.login.invalid);
  }
  await clearHits(ctx.db, limitKey);
  return createSession(ctx.db, account.id, ctx.now());
}

/** Always the same answer, whether or not the account exists; the link is mailed through the outbox. */
export async function requestPasswordReset(ctx: AppContext, email: string, role: Role): Promise<void> {
  const [account] = await ctx.db
    .select({ id: accounts.id, name: accounts.name, email: accounts.email })
    .from(accounts)
    .where(and(eq(accounts.role, role), eq(accounts.email, email)))
    .limit(1);
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
    .select({ id: passwordResets.id, accountId: passwordResets.accountId, role: accounts.role })
    .from(passwordResets)
    .innerJoin(accounts, eq(accounts.id, passwordResets.accountId))
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
    await tx.update(accounts).set({ passwordHash, updatedAt: ctx.now() }).where(eq(accounts.id, reset.accountId));
    await destroyOtherSessions(tx, reset.accountId);
  });
}
