import { PAISA_PER_RUPEE } from '@pricehub/shared/rules/money';

/** The sale preview's exact figure: the spec rounds discounted prices to 2 decimals ("Rs 39,999.20"). */
export const formatRsExact = (paisa: number) =>
  `Rs ${(paisa / PAISA_PER_RUPEE).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
