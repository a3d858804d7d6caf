import { z } from 'zod';
import { messages } from '../messages';

const m = messages.registration;

/** At least 8 characters with an upper-case letter, a lower-case letter, a digit and a special character. */
export const passwordRule = z
  .string()
  .refine(
    (p) => p.length >= 8 && /[A-Z]/.test(p) && /[a-z]/.test(p) && /\d/.test(p) && /[^A-Za-z0-9]/.test(p),
    m.weakPassword,
  );

const phoneRule = z.string().trim().min(11, m.phoneTooShort).max(20, 'phone number is too long');
export const emailRule = z.string().trim().toLowerCase().max(254).pipe(z.email('Please enter a valid email'));

/** A required text field: `required` is shown when it is blank, as the spec's forms do before any other rule. */
const required = (message: string, max = 200) => z.string({ error: message }).trim().min(1, message).max(max);

export const customerRegistration = z.object({
  name: required(m.allFieldsCustomer, 100).pipe(z.string().min(3, m.nameTooShort)),
  email: required(m.allFieldsCustomer, 254).pipe(emailRule),
  password: required(m.allFieldsCustomer, 200).pipe(passwordRule),
  phone: required(m.allFieldsCustomer, 20).pipe(phoneRule),
  address: required(m.allFieldsCustomer, 500),
});
export type CustomerRegistration = z.infer<typeof customerRegistration>;

export const sellerRegistration = z.object({
  sellerName: required(m.allFieldsSeller, 100).pipe(z.string().min(3, m.nameTooShort)),
  storeName: required(m.storeNameRequired, 100),
  email: required(m.allFieldsSeller, 254).pipe(emailRule),
  password: required(m.allFieldsSeller, 200).pipe(passwordRule),
  phone: required(m.allFieldsSeller, 20).pipe(phoneRule),
  license: required(m.licenseRequired, 100),
});
export type SellerRegistration = z.infer<typeof sellerRegistration>;

/** Operators run PriceHub (DESIGN.md); their accounts are made from the command line only, never by a form. */
export const role = z.enum(['customer', 'seller', 'operator']);
export type Role = z.infer<typeof role>;
/** The roles that sign up and reset a forgotten password by mail. */
export const shopRole = z.enum(['customer', 'seller']);
export type ShopRole = z.infer<typeof shopRole>;

export const loginInput = z.object({
  email: z.string().trim().toLowerCase().min(1, messages.login.emailRequired).max(254),
  password: z.string().min(1, messages.login.passwordRequired).max(200),
  role,
});
export type LoginInput = z.infer<typeof loginInput>;

export const sessionUser = z.object({
  id: z.number().int(),
  role,
  email: z.string(),
  name: z.string(),
  store: z.object({ id: z.number().int(), slug: z.string(), name: z.string() }).nullable(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const passwordResetRequest = z.object({
  email: z.string().trim().toLowerCase().min(1, messages.login.emailRequired).max(254),
  role: shopRole,
});

export const passwordResetInput = z
  .object({
    password: z.string().min(8, messages.password.tooShort).max(200).pipe(passwordRule),
    confirmPassword: z.string().max(200),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: messages.password.confirmMismatch,
    path: ['confirmPassword'],
  });

export const passwordChangeInput = z.object({
  currentPassword: z.string().min(1, messages.password.currentWrong).max(200),
  newPassword: z.string().min(8, messages.password.tooShort).max(200).pipe(passwordRule),
});

export const customerProfile = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  city: z.string(),
  address: z.string(),
});
export type CustomerProfile = z.infer<typeof customerProfile>;

export const customerProfileUpdate = z.object({
  name: z.string().trim().min(1, messages.profile.requiredFields).max(100).pipe(z.string().min(3, m.nameTooShort)),
  phone: z.string().trim().min(1, messages.profile.requiredFields).pipe(phoneRule),
  city: z.string().trim().min(1, messages.profile.requiredFields).max(100),
  address: z.string().trim().max(500).optional(),
});

export const storeStatus = z.enum(['open', 'closed']);

export const sellerProfile = z.object({
  sellerName: z.string(),
  email: z.string(),
  storeName: z.string(),
  storeSlug: z.string(),
  licenseId: z.string(),
  phoneNo: z.string(),
  storeStatus,
});
export type SellerProfile = z.infer<typeof sellerProfile>;

export const sellerProfileUpdate = z.object({
  sellerName: z.string().trim().min(3, m.nameTooShort).max(100),
  storeName: z.string().trim().min(1, m.storeNameRequired).max(100),
  phoneNo: phoneRule,
  storeStatus,
});

/** GET /api/session, and the account signed in by POST /api/auth/login. */
export const sessionAnswer = z.object({ user: sessionUser.nullable() });
export const loginAnswer = sessionAnswer.extend({ message: z.string() });
export const loggedOut = z.object({ ok: z.literal(true) });
/** GET /api/auth/password-reset/:token: the link works, for this kind of account. */
export const passwordResetLink = z.object({ role });
/** GET /api/me/profile: a seller's profile, or a customer's (operators get the customer's shape). */
export const profile = z.union([sellerProfile, customerProfile]);
export type Profile = z.infer<typeof profile>;
export const profileUpdated = z.object({ message: z.string(), profile });
