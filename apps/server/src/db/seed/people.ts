import type { Category } from '@pricehub/shared/schemas/product';

export interface SellerSeed {
  sellerName: string;
  email: string;
  storeName: string;
  city: string;
  phone: string;
  licenseId: string;
  description: string;
  /** What the store mostly sells; its share of the catalogue follows these weights. */
  focus: Record<Category, number>;
}

/** Password of every generated (non-demo) account, so reviewers can sign in as any of them. */
export const DEMO_PASSWORD = 'Demo@12345';

export const OTHER_SELLERS: readonly SellerSeed[] = [
  {
    sellerName: 'Usman Tariq',
    email: 'hafeez.laptops@pricehub.test',
    storeName: 'Hafeez Laptop House',
    city: 'Lahore',
    phone: '03004567812',
    licenseId: 'LHR-2019-44817',
    description: 'Laptops and business PCs from the second floor of Hafeez Centre, Lahore, since 2009.',
    focus: { mobile: 0, laptop: 5, computer: 2 },
  },
  {
    sellerName: 'Kamran Siddiqui',
    email: 'saddar.mobiles@pricehub.test',
    storeName: 'Saddar Mobile Mart',
    city: 'Karachi',
    phone: '03212233445',
    licenseId: 'KHI-2017-10293',
    description: 'PTA-approved smartphones with official warranty, shipped from Saddar, Karachi.',
    focus: { mobile: 6, laptop: 0, computer: 0 },
  },
  {
    sellerName: 'Sana Malik',
    email: 'bluearea.digital@pricehub.test',
    storeName: 'Blue Area Digital',
    city: 'Islamabad',
    phone: '03335566778',
    licenseId: 'ISB-2020-00731',
    description: 'Phones, laptops and accessories for the twin cities, with same-day delivery in Islamabad.',
    focus: { mobile: 3, laptop: 3, computer: 1 },
  },
  {
    sellerName: 'Imran Qureshi',
    email: 'faisalabad.computers@pricehub.test',
    storeName: 'Faisalabad Computer Point',
    city: 'Faisalabad',
    phone: '03016677889',
    licenseId: 'FSD-2016-55120',
    description: 'Desktops, all-in-ones and office laptops, assembled and tested in Faisalabad.',
    focus: { mobile: 0, laptop: 2, computer: 4 },
  },
  {
    sellerName: 'Zeeshan Khan',
    email: 'peshawar.phones@pricehub.test',
    storeName: 'Peshawar Phone Bazaar',
    city: 'Peshawar',
    phone: '03459988776',
    licenseId: 'PSH-2021-30418',
    description: 'Budget and mid-range smartphones at Qissa Khwani prices, delivered across Khyber Pakhtunkhwa.',
    focus: { mobile: 5, laptop: 0, computer: 0 },
  },
  {
    sellerName: 'Hira Baig',
    email: 'multan.gadgets@pricehub.test',
    storeName: 'Multan Gadget Hub',
    city: 'Multan',
    phone: '03067788990',
    licenseId: 'MUL-2022-71504',
    description: 'Smartphones and student laptops with easy returns, from Hussain Agahi, Multan.',
    focus: { mobile: 3, laptop: 2, computer: 0 },
  },
  {
    sellerName: 'Ahmed Raza',
    email: 'pindi.tech@pricehub.test',
    storeName: 'Rawalpindi Tech Store',
    city: 'Rawalpindi',
    phone: '03111222333',
    licenseId: 'RWP-2018-26655',
    description: 'Gaming laptops, towers and upgrades from Saddar, Rawalpindi. Custom builds on request.',
    focus: { mobile: 0, laptop: 3, computer: 3 },
  },
  {
    sellerName: 'Farah Naz',
    email: 'quetta.mobile@pricehub.test',
    storeName: 'Quetta Mobile Centre',
    city: 'Quetta',
    phone: '03337788112',
    licenseId: 'QTA-2023-08841',
    description: 'New and PTA-approved phones for Balochistan, with cash on delivery everywhere.',
    focus: { mobile: 4, laptop: 1, computer: 0 },
  },
];

/** The demo seller's store details beyond demo-accounts.ts (name, email and password live there). */
export const DEMO_STORE = {
  city: 'Lahore',
  phone: '03217654321',
  licenseId: 'LIC-10001',
  description: 'TechZone: phones, laptops and desktops with official warranty. Free advice, fast delivery from Lahore.',
  focus: { mobile: 3, laptop: 3, computer: 2 } as Record<Category, number>,
};

export interface CustomerSeed {
  name: string;
  email: string;
  phone: string;
  city: string;
  address: string;
}

export const DEMO_CUSTOMER_DETAILS = { phone: '03001234567', city: 'Lahore', address: '12 Mall Road, Lahore' };

const CUSTOMER_NAMES: readonly [string, string, string][] = [
  ['Ali Hassan', 'Karachi', 'House 45, Block 7, Gulshan-e-Iqbal'],
  ['Fatima Zahra', 'Lahore', '21-B Model Town'],
  ['Muhammad Usman', 'Islamabad', 'House 8, Street 22, F-10/2'],
  ['Maryam Iqbal', 'Rawalpindi', '14 Satellite Town, Block C'],
  ['Hamza Sheikh', 'Faisalabad', '7 Peoples Colony No. 1'],
  ['Zainab Ali', 'Multan', '33 Shah Rukn-e-Alam Colony'],
  ['Bilal Chaudhry', 'Gujranwala', '5 Satellite Town'],
  ['Hina Aslam', 'Peshawar', '19 University Town'],
  ['Saad Mehmood', 'Karachi', 'Flat 12, Clifton Block 5'],
  ['Ayesha Siddiqa', 'Lahore', '88 Johar Town, Block G'],
  ['Omer Farooq', 'Sialkot', '3 Paris Road'],
  ['Nida Hussain', 'Hyderabad', '22 Latifabad Unit 6'],
  ['Danish Javed', 'Islamabad', 'House 17, G-11/3'],
  ['Rabia Noor', 'Quetta', '9 Jinnah Town'],
  ['Talha Anwar', 'Lahore', '4 DHA Phase 5, Block K'],
  ['Sadia Rehman', 'Karachi', 'House 61, North Nazimabad Block H'],
  ['Waqas Akram', 'Bahawalpur', '12 Model Town A'],
  ['Mehwish Kanwal', 'Sargodha', '27 Satellite Town'],
  ['Junaid Butt', 'Lahore', '50 Garden Town'],
  ['Iqra Shahid', 'Abbottabad', '6 Jinnahabad'],
  ['Fahad Mirza', 'Islamabad', 'House 3, E-11/4'],
  ['Amna Tahir', 'Faisalabad', '15 Madina Town'],
];

/** The generated customers (the demo customer is added separately, from demo-accounts.ts). */
export const OTHER_CUSTOMERS: readonly CustomerSeed[] = CUSTOMER_NAMES.map(([name, city, street], i) => ({
  name,
  email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@pricehub.test`,
  phone: `03${String(12_000_000_00 + i * 7_654_321).slice(0, 9)}`,
  city,
  address: `${street}, ${city}`,
}));
