import type { SessionUser } from '@pricehub/shared/schemas/account';

/** Signed-in people as the session answer carries them: a shopper, a seller with her store, an operator. */
export const customerUser: SessionUser = {
  id: 1,
  role: 'customer',
  email: 'sara@example.test',
  name: 'Sara Malik',
  store: null,
};
export const sellerUser: SessionUser = {
  id: 2,
  role: 'seller',
  email: 'omar@example.test',
  name: 'Omar Farooq',
  store: { id: 1, slug: 'mobile-mart', name: 'Mobile Mart' },
};
export const operatorUser: SessionUser = {
  id: 3,
  role: 'operator',
  email: 'ops@example.test',
  name: 'Sana Iqbal',
  store: null,
};
