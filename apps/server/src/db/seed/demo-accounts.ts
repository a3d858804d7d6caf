/** The demo logins printed at start and listed in the README. */
export const DEMO_CUSTOMER = { email: 'customer@pricehub.test', password: 'Customer@123', name: 'Ayesha Khan' };
export const DEMO_SELLER = {
  email: 'seller@pricehub.test',
  password: 'Seller@1234',
  name: 'Bilal Ahmed',
  storeName: 'TechZone',
};
/** Development only: production never gets an operator but from `npm run operator -- create`. */
export const DEMO_OPERATOR = { email: 'operator@pricehub.test', password: 'Operator@123', name: 'PriceHub Operator' };
