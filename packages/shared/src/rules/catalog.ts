/** Catalogue constants with no schema library attached, so the browser's first load can use them cheaply. */
export const categories = ['mobile', 'laptop', 'computer'] as const;
export type Category = (typeof categories)[number];

export const sortOptions = ['relevance', 'price_asc', 'price_desc', 'popular', 'newest'] as const;
export type SortOption = (typeof sortOptions)[number];
