import { useMutation } from '@tanstack/react-query';
import type { CustomerRegistration, SellerRegistration } from '@pricehub/shared/schemas/account';
import { post } from '../../../api/client';

export const registerCustomer = (input: CustomerRegistration) => post<{ message: string }>('/auth/customers', input);

export const registerSeller = (input: SellerRegistration) => post<{ message: string }>('/auth/sellers', input);

export const useRegisterCustomer = () => useMutation({ mutationFn: registerCustomer });

export const useRegisterSeller = () => useMutation({ mutationFn: registerSeller });
