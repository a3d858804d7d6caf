/** One item read from a store, before matching. Money in paisa. */
export interface ParsedItem {
  /** The store's own id (sku, g:id, CSV id); the URL stands in when there is none. */
  storeItemId: string;
  url: string;
  name: string;
  description: string | null;
  image: string;
  brand: string;
  gtin: string | null;
  mpn: string | null;
  price: number;
  currency: string;
  inStock: boolean;
  /** g:product_type or a breadcrumb: a hint for the category of a new external-only product. */
  productType: string;
  ratingValue: number | null;
  ratingCount: number;
  reviews: ParsedReview[];
}

export interface ParsedReview {
  author: string;
  text: string;
  rating: number | null;
}

/** Reading a source yields items and the pages or rows it could not read, with the reason. */
export interface ParseResult {
  items: ParsedItem[];
  failures: { where: string; reason: string }[];
}

/** What a feed read as it arrives gives for one chunk of it. */
export interface FeedPart extends ParseResult {
  /** The feed could not be read to its end: an item missing from it may still be on sale. */
  cutShort?: boolean;
}
