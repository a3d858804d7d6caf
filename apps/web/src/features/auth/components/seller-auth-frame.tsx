import type { ReactNode } from 'react';
import { StandaloneFrame } from '../../../components/standalone-frame';

/** Seller sign-in screens stand apart from the shop (no search, no cart), with a way back to it. */
export function SellerAuthFrame({ children }: { children: ReactNode }) {
  return <StandaloneFrame area="Seller Center">{children}</StandaloneFrame>;
}
