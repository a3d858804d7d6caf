import type { Category } from '@pricehub/shared/schemas/product';
import type { Prng } from './prng';

export type Tone = 'positive' | 'negative' | 'mixed';

const GOOD: Record<Category, readonly string[]> = {
  mobile: [
    'The display is bright and sharp, easy to read even in the sun.',
    'Battery easily lasts a full day with heavy WhatsApp and YouTube use.',
    'Camera takes excellent photos in daylight and the portrait mode is great.',
    'Fast charging is amazing, from 20 to 100 percent in under an hour.',
    'Smooth performance, apps open quickly and PUBG runs well.',
    'Build quality feels premium and the phone is comfortable to hold.',
    'Speakers are loud and clear, perfect for calls on speaker.',
    'Fingerprint sensor is quick and accurate every time.',
  ],
  laptop: [
    'The keyboard is comfortable and I can type for hours.',
    'Battery gives me around seven hours of office work, which is great.',
    'Boots in seconds and handles Chrome with many tabs without a problem.',
    'The screen is crisp and colours look accurate for photo editing.',
    'Light enough to carry to university every day.',
    'Runs my games smoothly at high settings and stays stable.',
    'Trackpad is precise and the build feels solid.',
    'Excellent value for the price, highly recommended for students.',
  ],
  computer: [
    'Very quiet machine, I can barely hear the fans.',
    'Setup took ten minutes and everything worked out of the box.',
    'Handles accounting software and Excel sheets very fast.',
    'Great performance for video editing and rendering.',
    'Compact size saves a lot of space on my desk.',
    'The all-in-one screen is beautiful and the speakers are decent.',
    'Perfect for our office, reliable and fast.',
    'Gaming performance is excellent and temperatures stay low.',
  ],
};

const BAD: Record<Category, readonly string[]> = {
  mobile: [
    'The phone gets hot while charging and during games.',
    'Low-light photos are noisy and blurry.',
    'Too much bloatware and annoying ads in the system apps.',
    'Battery drains fast and I need to charge twice a day.',
    'The screen scratched within a week, disappointing.',
    'Received the box late and the charger was missing.',
    'Network signal drops often indoors, very frustrating.',
  ],
  laptop: [
    'The fans are loud under load and the bottom gets hot.',
    'Battery life is poor, barely three hours.',
    'The screen is dim and washed out outdoors.',
    'Speakers are weak and the webcam quality is bad.',
    'It came with only 8GB usable and feels slow with many apps.',
    'The hinge feels loose and the plastic creaks.',
    'Delivery was delayed by a week and support was unhelpful.',
  ],
  computer: [
    'The fan noise is annoying when rendering.',
    'Came without a Windows licence, which was disappointing.',
    'Wi-Fi is weak and disconnects sometimes.',
    'The power supply failed after two months, poor quality.',
    'Packaging was damaged and the keyboard was missing.',
    'Too few USB ports for an office machine.',
    'Slow hard drive, boot takes too long.',
  ],
};

const CLOSERS: Record<Tone, readonly string[]> = {
  positive: ['Happy with the purchase.', 'Seller delivered on time.', 'Totally worth it.', 'Recommended!'],
  negative: ['Would not buy again.', 'Not worth the money.', 'Very disappointed.', 'I expected much better.'],
  mixed: ['Okay for the price.', 'Decent overall.', 'Good but not perfect.', 'Average experience.'],
};

/** A plain-English review of a device, and a star rating that agrees with its tone. */
export function reviewFor(rng: Prng, category: Category, tone: Tone): { text: string; rating: number } {
  const [good1, good2] = rng.sample(GOOD[category], 2);
  const [bad1, bad2] = rng.sample(BAD[category], 2);
  const closer = rng.pick(CLOSERS[tone]);
  switch (tone) {
    case 'positive':
      return { text: `${good1} ${good2} ${closer}`, rating: rng.chance(0.7) ? 5 : 4 };
    case 'negative':
      return { text: `${bad1} ${bad2} ${closer}`, rating: rng.chance(0.5) ? 1 : 2 };
    case 'mixed':
      return { text: `${good1} ${bad1} ${closer}`, rating: 3 };
  }
}

/** Most buyers are pleased; a few are not. */
export function pickTone(rng: Prng): Tone {
  const r = rng.next();
  return r < 0.62 ? 'positive' : r < 0.82 ? 'mixed' : 'negative';
}

const FIRST = [
  'Ahsan',
  'Sara',
  'Faisal',
  'Noor',
  'Kashif',
  'Mahnoor',
  'Adeel',
  'Sobia',
  'Rizwan',
  'Anum',
  'Shoaib',
  'Komal',
];
const LAST = ['K.', 'A.', 'M.', 'R.', 'S.', 'H.', 'Q.', 'B.'];

/** A reviewer name as external stores show them ("Sara K."). */
export const reviewerName = (rng: Prng) => `${rng.pick(FIRST)} ${rng.pick(LAST)}`;
