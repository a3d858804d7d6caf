import type { Db } from '../client';
import { renderPost } from '../../modules/blogs/render';
import { blogs, promos, saleProducts, sales } from '../schema';
import type { SeededStore } from './accounts';
import type { SeededListing } from './products';
import type { Prng } from './prng';
import { daysAgo, daysAhead } from './time';

export interface PlannedSale {
  code: string;
  title: string;
  percent: number;
  startsAt: Date;
  endsAt: Date;
  /** The demo seller's listings on sale. */
  listingIds: Set<number>;
}

export interface Campaigns {
  sales: PlannedSale[];
  promo: { code: string; title: string; percent: number; startsAt: Date; endsAt: Date };
}

/** The demo seller's campaigns: a sale running now, one that ended two months ago, and a welcome promo. */
export function planCampaigns(rng: Prng, catalogue: SeededListing[], now: Date): Campaigns {
  const own = catalogue.filter((p) => p.storeIndex === 0 && p.inStock);
  const current = rng.sample(own, 5);
  const past = rng.sample(
    own.filter((p) => p.createdDaysAgo > 80),
    4,
  );
  return {
    sales: [
      {
        code: rng.hex(8),
        title: 'TechZone Mega Week',
        percent: 12,
        startsAt: daysAgo(now, 1),
        endsAt: daysAhead(now, 14),
        listingIds: new Set(current.map((p) => p.id)),
      },
      {
        code: rng.hex(8),
        title: 'Flash Sale',
        percent: 15,
        startsAt: daysAgo(now, 75),
        endsAt: daysAgo(now, 61),
        listingIds: new Set(past.map((p) => p.id)),
      },
    ],
    promo: {
      code: 'WELCOME10',
      title: 'Welcome offer: 10% off your order',
      percent: 10,
      startsAt: daysAgo(now, 30),
      endsAt: daysAhead(now, 60),
    },
  };
}

export async function insertCampaigns(tx: Db, campaigns: Campaigns, demoStoreId: number, now: Date): Promise<void> {
  const saleRows = await tx
    .insert(sales)
    .values(
      campaigns.sales.map((s) => ({
        code: s.code,
        storeId: demoStoreId,
        title: s.title,
        discountPercent: s.percent,
        startsAt: s.startsAt,
        endsAt: s.endsAt,
        createdAt: daysAgo(s.startsAt, 3),
      })),
    )
    .returning({ id: sales.id });
  await tx
    .insert(saleProducts)
    .values(
      campaigns.sales.flatMap((s, i) => [...s.listingIds].map((listingId) => ({ saleId: saleRows[i]!.id, listingId }))),
    );
  const { promo } = campaigns;
  await tx.insert(promos).values({
    code: promo.code,
    storeId: demoStoreId,
    title: promo.title,
    discountPercent: promo.percent,
    startsAt: promo.startsAt,
    endsAt: promo.endsAt,
    createdAt: daysAgo(now, 31),
  });
}

const BLOGS: readonly { store: number; daysAgo: number; title: string; content: string }[] = [
  {
    store: 0,
    daysAgo: 6,
    title: 'Which laptop should a university student buy in Pakistan?',
    content: `## Start with the course, not the brand

Engineering and design students need a dedicated GPU; business and arts students do not.

- **Under Rs 150,000:** an Intel Core i5 with 8GB RAM and a 512GB SSD covers notes, Zoom and Office.
- **Rs 150,000 to 250,000:** look for 16GB RAM and a screen that reaches 300 nits.
- **Gaming or CAD:** an RTX 4050 or 4060 laptop such as the Lenovo LOQ or Acer Nitro V.

## Check before you pay

1. The warranty card and the serial number match.
2. Windows is activated.
3. The battery cycle count is close to zero.

Visit TechZone for a free consultation.`,
  },
  {
    store: 2,
    daysAgo: 18,
    title: 'PTA approved or not? What every phone buyer should know',
    content: `Buying a **non-PTA phone** can save money up front, but the SIM stops working after 60 days unless you pay the tax.

### How to check

- Dial \`*#06#\` to see the IMEI.
- Send the IMEI to **8484** by SMS.
- Compare the reply with the box.

### Our promise

Every phone at Saddar Mobile Mart is PTA approved, with an official warranty.`,
  },
  {
    store: 1,
    daysAgo: 33,
    title: 'Five signs your laptop battery needs replacing',
    content: `Batteries wear out; after about 500 cycles most hold 80% of their charge.

1. The laptop shuts down at 20% or more.
2. Charging stops at a fixed percentage.
3. The case bulges near the touchpad.
4. Battery life is under an hour on light work.
5. Windows shows *"Consider replacing your battery"*.

Bring it to **Hafeez Laptop House** for a free battery report.`,
  },
  {
    store: 6,
    daysAgo: 47,
    title: 'Building a gaming PC vs. buying a ready tower',
    content: `## Ready-made towers

Towers like the *HP Victus 15L* or *Lenovo Legion Tower 5* come with one warranty for everything.

## Custom builds

A custom build lets you pick a better power supply and a quieter cooler, and upgrade later.

| | Ready tower | Custom build |
|---|---|---|
| Warranty | One, whole system | Per part |
| Upgrades | Limited | Easy |

Either way, budget at least Rs 300,000 for 1080p high settings.`,
  },
  {
    store: 3,
    daysAgo: 64,
    title: 'Load-shedding tips: keep your devices safe',
    content: `Power cuts and voltage spikes kill more laptops than drops do.

- Use a **UPS** or at least a surge protector for desktops.
- Unplug chargers during storms.
- Keep laptops between 20% and 80% for a longer battery life.

Stay charged, Islamabad!`,
  },
];

export async function insertBlogs(tx: Db, stores: SeededStore[], now: Date): Promise<void> {
  await tx.insert(blogs).values(
    BLOGS.map((b) => ({
      storeId: stores[b.store]!.id,
      title: b.title,
      content: b.content,
      ...renderPost(b.content),
      createdAt: daysAgo(now, b.daysAgo),
      updatedAt: daysAgo(now, b.daysAgo),
    })),
  );
}
