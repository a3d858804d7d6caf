/** A seller's listing as the API answers it, for the seller pages' tests: money in paisa (Rs 129,999.50). */
export const sellerListing = {
  id: 42,
  productId: 7,
  name: 'Dell XPS 13 9340',
  brand: 'Dell',
  category: 'laptop',
  description: 'A reliable device for work and play',
  ram: 16,
  storage: 512,
  price: 12_999_950,
  quantity: 5,
  stock: 'instock',
  image: '/uploads/demo/laptop.svg',
  thumbnail: '/uploads/demo/laptop.svg',
  store: { slug: 's', name: 'S' },
  gtin: null,
};
