import { useQuery } from '@tanstack/react-query';
import { get } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

/** The fields of the catalogue's seller product list that the sale form needs (price in paisa). */
export interface SellerProductOption {
  id: number;
  name: string;
  price: number;
}

/** GET /api/seller/products (the catalogue's endpoint) answers `{ items }` or `{ products }`; both are read. */
async function fetchSellerProducts(): Promise<SellerProductOption[]> {
  const data = await get<{ items?: SellerProductOption[]; products?: SellerProductOption[] }>('/seller/products');
  return (data.items ?? data.products ?? []).map(({ id, name, price }) => ({ id, name, price }));
}

export const useSellerProductOptions = () =>
  useQuery({ queryKey: queryKeys.seller.productOptions, queryFn: fetchSellerProducts, retry: false });
