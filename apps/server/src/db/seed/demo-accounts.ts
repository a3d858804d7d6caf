/** The demo logins printed at start and listed in the README. */
export const DEMO_CUSTOMER = { email: 'customer@pricehub.test', password: 'Customer@123', name: 'Ayesha Khan' };
export const DEMO_SELLER = {
  email: 'seller@pricehub.test',
  password: 'Seller@1234',
  name: 'Bilal Ahmed',
  storeName: 'TechZone',
};
