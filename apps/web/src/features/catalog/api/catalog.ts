import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  HomePayload,
  Product,
  ProductDetail,
  ProductInput,
  SearchResult,
  StorePage,
} from '@pricehub/shared/schemas/product';
import { rupeesToPaisa } from '@pricehub/shared/rules/money';
import { del, get, post, put } from '../../../api/client';
import { toQueryString, type SearchFilters } from '../lib/search-params';
import { queryKeys } from '../../../api/query-keys';

// Query options are exported beside their hooks: the server renders these pages with the same queries prefilled.
export const homeQuery = () => queryOptions({ queryKey: queryKeys.home, queryFn: () => get<HomePayload>('/home') });
export const useHome = () => useQuery(homeQuery());

/** The page's URL says rupees (what shoppers type and share); the API takes paisa. */
const inPaisa = (rupees: number | undefined) => (rupees === undefined ? undefined : rupeesToPaisa(rupees));

export const searchQuery = (filters: SearchFilters) =>
  queryOptions({
    queryKey: queryKeys.products.search(filters),
    queryFn: () =>
      get<SearchResult>(
        `/products?${toQueryString({ ...filters, minPrice: inPaisa(filters.minPrice), maxPrice: inPaisa(filters.maxPrice) })}`,
      ),
  });
export const useSearch = (filters: SearchFilters) =>
  useQuery({ ...searchQuery(filters), placeholderData: keepPreviousData });

export const productQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.product.one(id),
    queryFn: () => get<ProductDetail>(`/products/${id}`),
    enabled: Number.isInteger(id) && id > 0,
  });
export const useProduct = (id: number) => useQuery(productQuery(id));

/** How many products a store page shows. */
export const STORE_PAGE_SIZE = 48;

/**
 * The page of a store page's URL (/viewstore/:slug?page=N; no page is page 1). Not checked here: the API answers 400
 * for what cannot be a page. The server reads the same path for the page's title (server http/web-app.ts pageMeta),
 * so keep the two in step and one page request reads the answer once.
 */
export const storePageNumber = (search: URLSearchParams) => Number(search.get('page') ?? 1);

export const storeQuery = (slug: string, page: number) =>
  queryOptions({
    queryKey: queryKeys.store(slug, page),
    queryFn: () => get<StorePage>(`/stores/${encodeURIComponent(slug)}?page=${page}&pageSize=${STORE_PAGE_SIZE}`),
  });
/** The page shown stays while the store's next page loads (never another store's). */
export const useStore = (slug: string, page: number) =>
  useQuery({
    ...storeQuery(slug, page),
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === slug ? previous : undefined),
  });

/** Counts a view once per page opening; the server decides whether it counts (once per 10 minutes). */
export const recordView = (id: number) => post<{ counted: boolean; views: number }>(`/products/${id}/views`);

// ── seller products ──

/** The seller's own listings: `id` is the listing, `productId` the catalogue product it is listed under. */
export const useSellerProducts = () =>
  useQuery({ queryKey: queryKeys.seller.products, queryFn: () => get<{ items: Product[] }>('/seller/products') });

/** The product form's values: strings as typed, so a failed submit keeps exactly what was entered. */
export type ProductFormValues = Record<keyof Omit<ProductInput, 'stock' | 'catalogProductId'>, string> & {
  stock: 'instock' | 'outofstock';
};

/** What the form posts: its values, and the catalogue product picked under "Is it one of these?" (if one was). */
export type ProductSubmission = ProductFormValues & { catalogProductId?: number };

function useSellerMutation<V, R>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.seller.products });
      void client.invalidateQueries({ queryKey: queryKeys.products.all });
      void client.invalidateQueries({ queryKey: queryKeys.product.all });
      void client.invalidateQueries({ queryKey: queryKeys.home });
    },
  });
}

/** 201: the seller's new listing and the catalogue product it was listed under (found or made). */
export interface CreatedListing {
  listing: Product;
  product: Product;
  message?: string;
}

/** The form takes the price in rupees; the API takes paisa (checked by the form first, so it is a number). */
const withPaisaPrice = <V extends ProductFormValues>(values: V) => ({
  ...values,
  price: rupeesToPaisa(Number(values.price)),
});

export const useCreateProduct = () =>
  useSellerMutation((values: ProductSubmission) => post<CreatedListing>('/seller/products', withPaisaPrice(values)));

export const useUpdateProduct = (listingId: number) =>
  useSellerMutation((values: ProductFormValues) =>
    put<{ listing?: Product; product?: Product; message?: string }>(
      `/seller/products/${listingId}`,
      withPaisaPrice(values),
    ),
  );

export const useDeleteProduct = () =>
  useSellerMutation((listingId: number) => del<{ message: string }>(`/seller/products/${listingId}`));
