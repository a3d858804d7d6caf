/** Operator constants with no schema library attached: the shopper's review report reads them without the operator's schemas. */
export const OPERATOR_PAGE_SIZE = 20;
