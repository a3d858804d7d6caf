import type { RouteObject } from 'react-router';

/** Pages under the shop layout (header and footer). */
export const shopRoutes: RouteObject[] = [
  {
    path: '/blogPosts',
    lazy: () => import('./pages/blog-posts-page').then((m) => ({ Component: m.BlogPostsPage })),
  },
  {
    path: '/blogPosts/:id',
    lazy: () => import('./pages/blog-posts-page').then((m) => ({ Component: m.BlogPostPage })),
  },
];

/** Pages inside the seller workspace (under /seller, with the sidebar). */
export const sellerRoutes: RouteObject[] = [
  {
    path: 'blogs',
    lazy: () => import('./pages/seller-blogs-page').then((m) => ({ Component: m.SellerBlogsPage })),
  },
];
