import { z } from 'zod';

/** Downloading one's data and deleting one's account (customers and sellers alike). */
export const accountDataMessages = {
  passwordRequired: 'Enter your password to confirm',
  wrongPassword: 'That password is not correct',
  deleted: 'Your account has been deleted',
  tooManyAttempts: 'Too many wrong passwords. Please wait a few minutes and try again.',
  /** A customer with orders still on their way: the seller needs the address to deliver them. */
  customerOpenOrders: (ids: string[]) =>
    `You have orders in progress (${ids.join(', ')}). Cancel them or wait until they are delivered, then delete your account.`,
  /** A seller whose store still has orders to fulfil. */
  sellerOpenOrders: (ids: string[]) =>
    `Your store has orders in progress (${ids.join(', ')}). Complete or cancel them before deleting your account.`,
  openReturns: (ids: string[]) =>
    `Returns are waiting for an answer (orders ${ids.join(', ')}). They must be settled before the account is deleted.`,
} as const;

export const accountDeletionInput = z.object({
  password: z
    .string({ error: accountDataMessages.passwordRequired })
    .min(1, accountDataMessages.passwordRequired)
    .max(200),
});
export type AccountDeletionInput = z.infer<typeof accountDeletionInput>;

/**
 * GET /api/me/data: a JSON download of everything held about the account, section by section (profile, orders,
 * reviews, …); its sections depend on the role and are not described field by field.
 */
export const accountExport = z
  .record(z.string(), z.unknown())
  .describe('A JSON file (attachment): the account’s data, section by section');
