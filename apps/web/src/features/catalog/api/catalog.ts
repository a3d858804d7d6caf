import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  HomePayload,
  Product,
  ProductDetail,
  ProductInput,
  SearchResult,
  StorePage,
} from '@pricehub/shared/schemas/product';
import { del, get, post, put } from '../../../api/client';
import { toQueryString, type SearchFilters } from '../lib/search-params';

// Query options are exported beside their hooks: the server renders these pages with the same queries prefilled.
export const homeQuery = () => queryOptions({ queryKey: ['home'], queryFn: () => get<HomePayload>('/home') });
export const useHome = () => useQuery(homeQuery());

export const searchQuery = (filters: SearchFilters) =>
  queryOptions({
    queryKey: ['products', filters],
    queryFn: () => get<SearchResult>(`/products?${toQueryString(filters)}`),
  });
export const useSearch = (filters: SearchFilters) =>
  useQuery({ ...searchQuery(filters), placeholderData: keepPreviousData });

export const productQuery = (id: number) =>
  queryOptions({
    queryKey: ['product', id],
    queryFn: () => get<ProductDetail>(`/products/${id}`),
    enabled: Number.isInteger(id) && id > 0,
  });
export const useProduct = (id: number) => useQuery(productQuery(id));

export const storeQuery = (slug: string) =>
  queryOptions({ queryKey: ['store', slug], queryFn: () => get<StorePage>(`/stores/${encodeURIComponent(slug)}`) });
export const useStore = (slug: string) => useQuery(storeQuery(slug));

/** Counts a view once per page opening; the server decides whether it counts (once per 10 minutes). */
export const recordView = (id: number) => post<{ counted: boolean; views: number }>(`/products/${id}/views`);

export const saveForLater = (list: 'wishlist', productId: number) =>
  post<{ message?: string }>(`/${list}`, { productId });

// ── seller products ──

const sellerKey = ['seller-products'] as const;

/** The seller's own listings: `id` is the listing, `productId` the catalogue product it is listed under. */
export const useSellerProducts = () =>
  useQuery({ queryKey: sellerKey, queryFn: () => get<{ items: Product[] }>('/seller/products') });

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
      void client.invalidateQueries({ queryKey: sellerKey });
      void client.invalidateQueries({ queryKey: ['products'] });
      void client.invalidateQueries({ queryKey: ['product'] });
      void client.invalidateQueries({ queryKey: ['home'] });
    },
  });
}

/** 201: the seller's new listing and the catalogue product it was listed under (found or made). */
export interface CreatedListing {
  listing: Product;
  product: Product;
  message?: string;
}

export const useCreateProduct = () =>
  useSellerMutation((values: ProductSubmission) => post<CreatedListing>('/seller/products', values));

export const useUpdateProduct = (listingId: number) =>
  useSellerMutation((values: ProductFormValues) =>
    put<{ listing?: Product; product?: Product; message?: string }>(`/seller/products/${listingId}`, values),
  );

export const useDeleteProduct = () =>
  useSellerMutation((listingId: number) => del<{ message: string }>(`/seller/products/${listingId}`));
