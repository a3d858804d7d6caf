import { ApiRequestError } from '../../api/client';

/** What a sale or promo form holds for the fields they share; the discount is '' while the box is empty. */
export interface CampaignValues {
  discount: number | '';
  startDate: string | null;
  endDate: string | null;
}

/** The campaign schemas' input from the typed values: an empty discount or date is missing, not zero. */
export const campaignInput = <V extends CampaignValues>(values: V) => ({
  ...values,
  discount: values.discount === '' ? undefined : values.discount,
  startDate: values.startDate ?? undefined,
  endDate: values.endDate ?? undefined,
});

/** The server refused the campaign for a reason it states (a 4xx), as opposed to failing (network, 5xx). */
export const isRefusal = (error: unknown) => error instanceof ApiRequestError && error.status > 0 && error.status < 500;
