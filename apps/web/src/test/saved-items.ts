/** A saved product as GET /api/wishlist and GET /api/compare list it. */
export const savedPhone = {
  id: 11,
  kind: 'product',
  productId: 5,
  name: 'Galaxy A55',
  image: '',
  price: 9_000_000,
  store: 'Mobile Mart',
  inStock: true,
  ratingText: 'Mostly Positive',
  url: '/result/productHub/5',
  brand: 'Samsung',
  category: 'mobile',
  ram: 8,
  storage: 256,
  storeCount: 3,
};
