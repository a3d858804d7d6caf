import { addDays, startOfIsoDay, utcIsoDay } from '@pricehub/shared/rules/dates';

/**
 * A campaign runs from the start of its first day to the end of its last (both UTC): stored as
 * [startsAt, endsAt) with endsAt the midnight after `endDate`, which is what pricing.ts compares against.
 */
export const campaignWindow = (startDate: string, endDate: string) => ({
  startsAt: startOfIsoDay(startDate),
  endsAt: startOfIsoDay(addDays(endDate, 1)),
});

export const campaignDays = (startsAt: Date, endsAt: Date) => ({
  startDate: utcIsoDay(startsAt),
  endDate: addDays(utcIsoDay(endsAt), -1),
});

export function campaignStatus(startsAt: Date, endsAt: Date, now: Date): 'scheduled' | 'running' | 'ended' {
  if (now < startsAt) return 'scheduled';
  return now < endsAt ? 'running' : 'ended';
}

/** 8 upper-case hex characters; callers retry on the rare unique-index collision. */
export const newCampaignCode = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(4)), (b) => b.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase();
