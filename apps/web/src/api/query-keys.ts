/**
 * Every TanStack Query key of the app, in one place. A key runs from the general to the particular, so invalidating
 * a prefix refreshes everything under it: `orders.all` refreshes the order list, each order and its returns.
 * Features import their keys from here; a feature that changes another's data (a return changes the seller's
 * dashboard) names that key here too, never as a literal.
 */
export const queryKeys = {
  session: ['session'] as const,
  profile: ['me', 'profile'] as const,
  suggestions: (q: string) => ['suggestions', q] as const,
  passwordReset: (token: string) => ['password-reset', token] as const,

  // The shop
  home: ['home'] as const,
  products: {
    all: ['products'] as const,
    search: (filters: unknown) => ['products', filters] as const,
  },
  product: {
    all: ['product'] as const,
    one: (id: number) => ['product', id] as const,
  },
  store: (slug: string, page: number) => ['store', slug, page] as const,
  productOffers: (productId: number) => ['product-offers', productId] as const,
  priceHistory: (productId: number) => ['price-history', productId] as const,
  externalProducts: (params: unknown) => ['external-products', params] as const,
  externalProduct: (offerId: number) => ['external-product', offerId] as const,
  priceAlerts: ['price-alerts'] as const,
  activeSales: ['sales', 'active'] as const,
  sale: (code: string) => ['sales', code.toUpperCase()] as const,
  blogs: {
    all: ['blogs'] as const,
    page: (page: number) => ['blogs', 'page', page] as const,
    post: (id: number | null) => ['blogs', id] as const,
  },

  // The customer
  cart: ['cart'] as const,
  /** Under `cart`: whatever refreshes the cart refreshes the counter. */
  cartCount: ['cart', 'count'] as const,
  checkoutPreview: (cart: string, promoCode: string) => ['checkout-preview', cart, promoCode] as const,
  payment: (paymentId: string | null) => ['payments', paymentId] as const,
  orders: {
    all: ['orders'] as const,
    one: (orderId: string) => ['orders', 'one', orderId] as const,
    returns: (orderId: string) => ['orders', 'returns', orderId] as const,
    receipt: (orderIds: string[], paymentStatus: string | undefined) =>
      ['orders', 'receipt', orderIds.join(','), paymentStatus] as const,
    /** The orders a complaint can be about. */
    options: ['orders', 'options'] as const,
  },
  notifications: {
    all: ['notifications'] as const,
    unread: ['notifications', 'unread'] as const,
    page: (page: number) => ['notifications', 'page', page] as const,
  },
  wishlist: {
    all: ['wishlist'] as const,
    alerts: ['wishlist', 'alerts'] as const,
  },
  compare: ['compare'] as const,
  myComplaints: ['complaints', 'mine'] as const,

  // The seller workspace
  seller: {
    suspension: ['seller', 'suspension'] as const,
    dashboard: ['seller', 'dashboard'] as const,
    products: ['seller-products'] as const,
    productOptions: ['seller', 'products', 'options'] as const,
    catalogueMatches: (query: unknown) => ['catalogue-matches', query] as const,
    orders: ['seller', 'orders'] as const,
    order: (orderId: string) => ['seller', 'orders', orderId] as const,
    returns: ['seller', 'returns'] as const,
    notifications: ['seller', 'notifications'] as const,
    sales: ['seller', 'sales'] as const,
    sale: (code: string) => ['seller', 'sales', code] as const,
    promos: ['seller', 'promos'] as const,
    complaints: ['seller', 'complaints'] as const,
    blogs: ['seller', 'blogs'] as const,
    blogPreview: (content: string) => ['seller', 'blogs', 'preview', content] as const,
  },

  // The operator console
  operator: {
    dashboard: (days: number) => ['operator', 'dashboard', days] as const,
    audit: {
      all: ['operator', 'audit'] as const,
      list: (filter: unknown) => ['operator', 'audit', filter] as const,
    },
    escalations: {
      all: ['operator', 'escalations'] as const,
      list: (status: unknown, page: number) => ['operator', 'escalations', status, page] as const,
    },
    externalStores: {
      all: ['operator', 'external-stores'] as const,
      runs: (storeId: number) => ['operator', 'external-stores', storeId, 'runs'] as const,
    },
    moderation: {
      all: ['operator', 'moderation'] as const,
      reviews: (status: unknown, page: number) => ['operator', 'moderation', 'reviews', status, page] as const,
      blogs: (filter: unknown) => ['operator', 'moderation', 'blogs', filter] as const,
    },
    matching: {
      all: ['operator', 'matching'] as const,
      list: (filter: unknown) => ['operator', 'matching', filter] as const,
    },
    catalogue: {
      all: ['operator', 'catalogue'] as const,
      list: (filter: unknown) => ['operator', 'catalogue', 'list', filter] as const,
      product: (id: number) => ['operator', 'catalogue', 'product', id] as const,
    },
    stores: {
      all: ['operator', 'stores'] as const,
      list: (filter: unknown) => ['operator', 'stores', filter] as const,
    },
  },
};
