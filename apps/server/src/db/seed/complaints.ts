import type { Db } from '../client';
import { complaints } from '../schema';
import type { SeededOrder } from './orders';
import { hoursAfter } from './time';

type ComplaintStatus = 'Open' | 'In progress' | 'Resolved';

/** Complaints the demo customer raised, one per order, matched to the order's status (index = order in date order). */
const COMPLAINTS: readonly { subject: string; description: string; status: ComplaintStatus; actionTaken: string }[] = [
  {
    subject: 'Charger missing from the box',
    description: 'The box was sealed but there was no charger inside. Please send one.',
    status: 'Resolved',
    actionTaken: 'Sent an original charger by TCS; the customer confirmed delivery.',
  },
  {
    subject: 'Wrong colour delivered',
    description: 'I ordered the black one and received blue. I would like an exchange.',
    status: 'Resolved',
    actionTaken: 'Exchanged for the black unit at no cost.',
  },
  {
    subject: 'Order cancelled without notice',
    description: 'My order was cancelled and nobody called me to explain why.',
    status: 'Resolved',
    actionTaken: 'The item was out of stock; apologised and shared a discount code.',
  },
  {
    subject: 'Dead pixel on the screen',
    description: 'There is a bright dot near the top left of the display, visible on dark backgrounds.',
    status: 'In progress',
    actionTaken: 'Pickup booked; the unit will be checked at the service centre.',
  },
  {
    subject: 'Delivery is late',
    description: 'The tracking has not moved for three days. When will the parcel arrive?',
    status: 'Open',
    actionTaken: '',
  },
];

export async function insertComplaints(tx: Db, demoOrders: SeededOrder[], now: Date): Promise<void> {
  const rows = demoOrders
    .filter((o) => o.status !== 'Booked' && o.status !== 'Accepted')
    .slice(0, COMPLAINTS.length)
    .map((order, i) => {
      const c = COMPLAINTS[i]!;
      const createdAt = new Date(
        Math.min(hoursAfter(order.createdAt, 30 + i * 7).getTime(), now.getTime() - 3_600_000),
      );
      const updatedAt =
        c.status === 'Open' ? createdAt : new Date(Math.min(hoursAfter(createdAt, 26).getTime(), now.getTime()));
      return {
        customerId: order.customerId,
        orderId: order.id,
        storeId: order.storeId,
        subject: c.subject,
        description: c.description,
        status: c.status,
        actionTaken: c.actionTaken,
        createdAt,
        updatedAt,
      };
    });
  await tx.insert(complaints).values(rows);
}
