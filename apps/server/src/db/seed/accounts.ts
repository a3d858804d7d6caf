import type { Category } from '@pricehub/shared/schemas/product';
import type { Db } from '../client';
import { accounts, stores } from '../schema';
import { hashPassword } from '../../modules/auth/passwords';
import { slugify } from '@pricehub/shared/rules/slug';
import { DEMO_CUSTOMER, DEMO_SELLER } from './demo-accounts';
import { DEMO_CUSTOMER_DETAILS, DEMO_PASSWORD, DEMO_STORE, OTHER_CUSTOMERS, OTHER_SELLERS } from './people';
import { daysAgo } from './time';

export interface SeededCustomer {
  id: number;
  name: string;
  address: string;
}

export interface SeededStore {
  id: number;
  name: string;
  slug: string;
  focus: Record<Category, number>;
}

export interface SeededPeople {
  /** The demo customer first, then the generated ones. */
  customers: SeededCustomer[];
  /** The demo seller's store (TechZone) first. */
  stores: SeededStore[];
}

/** argon2 is deliberately slow, so each distinct password is hashed once and the hash shared. */
export async function hashDemoPasswords() {
  const [customer, seller, shared] = await Promise.all([
    hashPassword(DEMO_CUSTOMER.password),
    hashPassword(DEMO_SELLER.password),
    hashPassword(DEMO_PASSWORD),
  ]);
  return { customer, seller, shared };
}

export type DemoHashes = Awaited<ReturnType<typeof hashDemoPasswords>>;

export async function insertPeople(tx: Db, hashes: DemoHashes, now: Date): Promise<SeededPeople> {
  const sellers = [
    {
      sellerName: DEMO_SELLER.name,
      email: DEMO_SELLER.email,
      storeName: DEMO_SELLER.storeName,
      passwordHash: hashes.seller,
      ...DEMO_STORE,
    },
    ...OTHER_SELLERS.map((s) => ({ ...s, passwordHash: hashes.shared })),
  ];
  const sellerRows = await tx
    .insert(accounts)
    .values(
      sellers.map((s, i) => ({
        role: 'seller' as const,
        email: s.email,
        passwordHash: s.passwordHash,
        name: s.sellerName,
        phone: s.phone,
        city: s.city,
        createdAt: daysAgo(now, 460 - i * 6),
      })),
    )
    .returning({ id: accounts.id });
  const storeRows = await tx
    .insert(stores)
    .values(
      sellers.map((s, i) => ({
        sellerId: sellerRows[i]!.id,
        name: s.storeName,
        slug: slugify(s.storeName),
        licenseId: s.licenseId,
        phone: s.phone,
        status: 'open' as const,
        description: s.description,
        createdAt: daysAgo(now, 460 - i * 6),
      })),
    )
    .returning({ id: stores.id, name: stores.name, slug: stores.slug });

  const customers = [
    { ...DEMO_CUSTOMER, ...DEMO_CUSTOMER_DETAILS, passwordHash: hashes.customer },
    ...OTHER_CUSTOMERS.map((c) => ({ ...c, passwordHash: hashes.shared })),
  ];
  const customerRows = await tx
    .insert(accounts)
    .values(
      customers.map((c, i) => ({
        role: 'customer' as const,
        email: c.email,
        passwordHash: c.passwordHash,
        name: c.name,
        phone: c.phone,
        address: c.address,
        city: c.city,
        createdAt: daysAgo(now, 420 - i * 3),
      })),
    )
    .returning({ id: accounts.id });

  return {
    customers: customers.map((c, i) => ({ id: customerRows[i]!.id, name: c.name, address: c.address })),
    stores: storeRows.map((s, i) => ({ ...s, focus: sellers[i]!.focus })),
  };
}
