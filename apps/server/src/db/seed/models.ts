import type { Category } from '@pricehub/shared/schemas/product';

/** One sellable configuration: RAM and storage in GB, price in whole rupees, CPU for computers. */
export type Variant = readonly [ram: number, storage: number, priceRs: number, cpu?: string];

/** A device line as Pakistani shops list it; each variant becomes one product. */
export interface Family {
  brand: string;
  category: Category;
  series: string;
  /** The headline features, reused in descriptions and offer titles. */
  features: string;
  variants: readonly Variant[];
}

/** A maker of one category's families: `phone('Samsung', 'Galaxy A15', features, variants)`. */
const familiesOf =
  (category: Category) =>
  (brand: string, series: string, features: string, variants: Variant[]): Family => ({
    brand,
    category,
    series,
    features,
    variants,
  });
const phone = familiesOf('mobile');
const laptop = familiesOf('laptop');
const desktop = familiesOf('computer');

export const FAMILIES: readonly Family[] = [
  // ── phones ──
  phone('Samsung', 'Galaxy A15', '6.5-inch Super AMOLED 90Hz display, 50MP triple camera, 5000mAh battery', [
    [6, 128, 46999],
    [8, 256, 54999],
  ]),
  phone('Samsung', 'Galaxy A25 5G', '6.5-inch Super AMOLED 120Hz display, Exynos 1280, 50MP OIS camera', [
    [6, 128, 64999],
    [8, 256, 72999],
  ]),
  phone('Samsung', 'Galaxy A35 5G', '6.6-inch Super AMOLED 120Hz, Exynos 1380, IP67 water resistance', [
    [8, 128, 94999],
    [8, 256, 104999],
  ]),
  phone('Samsung', 'Galaxy A55', '6.6-inch Super AMOLED 120Hz, Exynos 1480, 50MP OIS camera, metal frame', [
    [8, 256, 124999],
    [12, 256, 134999],
  ]),
  phone('Samsung', 'Galaxy S24', '6.2-inch Dynamic AMOLED 2X, Exynos 2400, Galaxy AI, 50MP triple camera', [
    [8, 256, 259999],
    [8, 512, 289999],
  ]),
  phone('Samsung', 'Galaxy S24 Ultra', '6.8-inch QHD+ display, Snapdragon 8 Gen 3, 200MP camera, S Pen', [
    [12, 256, 399999],
    [12, 512, 449999],
  ]),
  phone('Samsung', 'Galaxy Z Flip6', 'Foldable 6.7-inch display, 3.4-inch FlexWindow, Snapdragon 8 Gen 3', [
    [12, 256, 339999],
    [12, 512, 379999],
  ]),
  phone(
    'Samsung',
    'Galaxy Z Fold6',
    'Foldable 7.6-inch Dynamic AMOLED 2X, Snapdragon 8 Gen 3, Galaxy AI, S Pen support',
    [
      [12, 256, 489999],
      [12, 512, 529999],
    ],
  ),
  phone('Apple', 'iPhone 13', '6.1-inch Super Retina XDR, A15 Bionic, dual 12MP camera', [
    [4, 128, 184999],
    [4, 256, 204999],
  ]),
  phone('Apple', 'iPhone 15', '6.1-inch Super Retina XDR, Dynamic Island, A16 Bionic, 48MP camera, USB-C', [
    [6, 128, 259999],
    [6, 256, 289999],
  ]),
  phone('Apple', 'iPhone 15 Pro', 'Titanium design, A17 Pro chip, 48MP main camera, Action button', [
    [8, 256, 389999],
    [8, 512, 439999],
  ]),
  phone('Apple', 'iPhone 15 Pro Max', '6.7-inch ProMotion display, A17 Pro, 5x telephoto camera, titanium', [
    [8, 256, 439999],
    [8, 512, 499999],
  ]),
  phone('Apple', 'iPhone 16', '6.1-inch display, A18 chip, Camera Control, Apple Intelligence ready', [
    [8, 128, 289999],
    [8, 256, 319999],
  ]),
  phone('Google', 'Pixel 8a', '6.1-inch Actua OLED 120Hz, Google Tensor G3, 64MP camera, 7 years of updates', [
    [8, 128, 149999],
  ]),
  phone('Google', 'Pixel 8 Pro', '6.7-inch Super Actua LTPO OLED, Tensor G3, 50MP triple camera with 5x zoom', [
    [12, 128, 259999],
    [12, 256, 284999],
  ]),
  phone('Infinix', 'Smart 8', '6.6-inch 90Hz display, 13MP camera, 5000mAh battery, Magic Ring', [
    [3, 64, 19999],
    [4, 64, 22999],
    [4, 128, 25999],
  ]),
  phone('Infinix', 'Hot 40i', '6.56-inch 90Hz display, 50MP camera, 18W fast charging', [
    [4, 128, 31999],
    [8, 256, 36999],
  ]),
  phone('Infinix', 'Hot 40 Pro', '6.78-inch 120Hz display, Helio G99, 108MP camera, 33W charging', [
    [8, 128, 42999],
    [8, 256, 47999],
  ]),
  phone('Infinix', 'Note 40', '6.78-inch AMOLED 120Hz, Helio G99 Ultimate, 45W wired and 20W wireless charging', [
    [8, 128, 51999],
    [8, 256, 56999],
  ]),
  phone('Infinix', 'Note 40 Pro', '6.78-inch curved AMOLED, 108MP OIS camera, 70W fast charging', [
    [8, 256, 69999],
    [12, 256, 76999],
  ]),
  phone('Infinix', 'Zero 30', '6.78-inch curved AMOLED 144Hz, 50MP 4K selfie camera, Helio G99', [
    [8, 256, 64999],
    [12, 512, 74999],
  ]),
  phone('Infinix', 'GT 20 Pro', '6.78-inch AMOLED 144Hz, Dimensity 8200 Ultimate, gaming triggers, Mecha LED', [
    [12, 256, 89999],
  ]),
  phone('Xiaomi', 'Redmi 13C', '6.74-inch 90Hz display, Helio G85, 50MP AI camera, 5000mAh', [
    [4, 128, 29999],
    [6, 128, 32999],
  ]),
  phone('Xiaomi', 'Redmi Note 13', '6.67-inch AMOLED 120Hz, Snapdragon 685, 108MP camera, 33W', [
    [6, 128, 52999],
    [8, 256, 59999],
  ]),
  phone('Xiaomi', 'Redmi Note 13 Pro', '6.67-inch 1.5K AMOLED, 200MP OIS camera, 67W turbo charging', [
    [8, 256, 84999],
    [12, 512, 97999],
  ]),
  phone('Xiaomi', 'Redmi Note 13 Pro+ 5G', 'Curved 1.5K AMOLED, Dimensity 7200 Ultra, 200MP camera, 120W HyperCharge', [
    [12, 512, 119999],
  ]),
  phone('Xiaomi', '14T', '6.67-inch AMOLED 144Hz, Dimensity 8300 Ultra, Leica optics, 67W', [
    [12, 256, 169999],
    [12, 512, 184999],
  ]),
  phone('Xiaomi', 'Poco X6 Pro', '6.67-inch AMOLED 120Hz, Dimensity 8300 Ultra, 64MP OIS, 67W', [[12, 512, 109999]]),
  phone('Tecno', 'Spark 20', '6.56-inch 90Hz display, 50MP camera, dual speakers with DTS', [
    [4, 128, 32999],
    [8, 256, 37999],
  ]),
  phone('Tecno', 'Spark 20 Pro', '6.78-inch 120Hz display, Helio G99, 108MP camera, 33W charging', [[8, 256, 44999]]),
  phone('Tecno', 'Camon 30', '6.78-inch AMOLED 120Hz, 50MP OIS camera, 70W charging', [[8, 256, 64999]]),
  phone('Tecno', 'Pova 6 Pro', '6.78-inch AMOLED 120Hz, 6000mAh battery, 70W charging, Dimensity 6080', [
    [12, 256, 72999],
  ]),
  phone('Tecno', 'Phantom V Flip', 'Foldable 6.9-inch AMOLED, 1.32-inch round cover screen, Dimensity 8050', [
    [8, 256, 149999],
  ]),
  phone('Vivo', 'Y17s', '6.56-inch display, Helio G85, 50MP camera, 5000mAh battery', [
    [4, 128, 31999],
    [6, 128, 35999],
  ]),
  phone('Vivo', 'Y100', '6.67-inch AMOLED 120Hz, 80W FlashCharge, slim 7.8mm body', [
    [8, 128, 72999],
    [8, 256, 79999],
  ]),
  phone('Vivo', 'V30', '6.78-inch curved AMOLED, 50MP Aura Light portrait camera, 80W charging', [[12, 256, 139999]]),
  phone('Oppo', 'A38', '6.56-inch 90Hz display, 50MP camera, 33W SUPERVOOC', [
    [4, 128, 37999],
    [6, 128, 41999],
  ]),
  phone('Oppo', 'Reno 11F 5G', '6.7-inch AMOLED 120Hz, 64MP camera, 67W SUPERVOOC, IP65', [[8, 256, 89999]]),
  phone('Oppo', 'Reno 12 5G', '6.7-inch AMOLED 120Hz, Dimensity 7300, AI eraser, 80W charging', [
    [8, 256, 114999],
    [12, 256, 124999],
  ]),
  phone('Realme', 'Note 50', '6.74-inch 90Hz display, 13MP camera, 5000mAh battery', [
    [4, 64, 25999],
    [4, 128, 28999],
  ]),
  phone('Realme', 'C67', '6.72-inch 90Hz display, Snapdragon 685, 108MP camera, 33W SUPERVOOC', [
    [6, 128, 44999],
    [8, 256, 49999],
  ]),
  phone('Realme', '12 Pro+ 5G', 'Curved AMOLED 120Hz, periscope 3x portrait camera, Snapdragon 7s Gen 2', [
    [12, 512, 139999],
  ]),
  phone('Asus', 'ROG Phone 8', '6.78-inch AMOLED 165Hz, Snapdragon 8 Gen 3, AirTrigger, 65W charging', [
    [16, 512, 319999],
  ]),
  // ── laptops ──
  laptop('Dell', 'XPS 13 9340', '13.4-inch FHD+ InfinityEdge display, aluminium chassis, Intel Arc graphics', [
    [16, 512, 479999, 'Core Ultra 7'],
    [32, 1024, 569999, 'Core Ultra 7'],
  ]),
  laptop('Dell', 'Inspiron 15 3530', '15.6-inch FHD 120Hz display, full-size keyboard with numpad, Windows 11', [
    [8, 512, 159999, 'Core i5-1335U'],
    [16, 512, 199999, 'Core i7-1355U'],
  ]),
  laptop('Dell', 'Latitude 5440', '14-inch FHD business laptop, fingerprint reader, TPM 2.0, 3-year warranty', [
    [16, 512, 229999, 'Core i5-1345U'],
    [16, 512, 264999, 'Core i7-1365U'],
  ]),
  laptop('Dell', 'Vostro 3520', '15.6-inch FHD display, spill-resistant keyboard, small-business security', [
    [8, 256, 119999, 'Core i3-1215U'],
    [8, 512, 144999, 'Core i5-1235U'],
  ]),
  laptop('Dell', 'G15 5530', '15.6-inch FHD 165Hz, GeForce RTX 4060, Alienware-inspired thermals', [
    [16, 1024, 329999, 'Core i7-13650HX'],
  ]),
  laptop('Dell', 'Alienware m16 R2', '16-inch QHD+ 240Hz, GeForce RTX 4070, Cryo-tech cooling', [
    [32, 1024, 749999, 'Core Ultra 9'],
  ]),
  laptop('HP', '250 G9', '15.6-inch FHD display, everyday office laptop, Windows 11', [
    [8, 256, 109999, 'Core i3-1215U'],
  ]),
  laptop('HP', 'Pavilion 15', '15.6-inch FHD IPS, Bang & Olufsen audio, backlit keyboard', [
    [8, 512, 169999, 'Core i5-1335U'],
    [16, 512, 209999, 'Core i7-1355U'],
  ]),
  laptop('HP', 'ProBook 450 G10', '15.6-inch FHD, HP Wolf Security, fingerprint reader, numeric keypad', [
    [8, 512, 189999, 'Core i5-1335U'],
    [16, 512, 229999, 'Core i7-1355U'],
  ]),
  laptop('HP', 'EliteBook 840 G10', '14-inch WUXGA, magnesium chassis, 5MP IR camera, Wolf Security', [
    [16, 512, 319999, 'Core i7-1365U'],
  ]),
  laptop('HP', 'Envy x360 14', '14-inch 2.8K OLED touch, 360-degree hinge, pen support', [
    [16, 512, 279999, 'Core Ultra 5'],
  ]),
  laptop('HP', 'Victus 15', '15.6-inch FHD 144Hz, GeForce RTX 3050, dual-fan cooling', [
    [8, 512, 194999, 'Ryzen 5 7535HS'],
    [16, 512, 219999, 'Ryzen 5 7535HS'],
  ]),
  laptop('HP', 'Omen 16', '16.1-inch QHD 240Hz, GeForce RTX 4070, OMEN Tempest cooling', [
    [16, 1024, 449999, 'Core i7-13700HX'],
  ]),
  laptop('Lenovo', 'V15 G4', '15.6-inch FHD anti-glare display, dual-array microphones, Windows 11', [
    [8, 256, 99999, 'Core i3-1315U'],
  ]),
  laptop('Lenovo', 'IdeaPad Slim 3 15IRU8', '15.6-inch FHD display, slim 1.6kg body, Rapid Charge', [
    [8, 512, 149999, 'Core i5-1335U'],
    [16, 512, 174999, 'Core i5-1335U'],
  ]),
  laptop('Lenovo', 'ThinkPad E14 Gen 5', '14-inch WUXGA, MIL-STD tested, fingerprint reader, TrackPoint', [
    [16, 512, 219999, 'Core i5-1335U'],
    [16, 512, 254999, 'Core i7-1355U'],
  ]),
  laptop('Lenovo', 'ThinkPad X1 Carbon Gen 12', '14-inch 2.8K OLED, 1.09kg carbon-fibre chassis, Intel vPro', [
    [32, 1024, 599999, 'Core Ultra 7'],
  ]),
  laptop('Lenovo', 'Yoga Slim 7 14IMH9', '14-inch 2.8K OLED 120Hz, all-metal body, 18-hour battery', [
    [16, 1024, 329999, 'Core Ultra 7'],
  ]),
  laptop('Lenovo', 'LOQ 15IRX9', '15.6-inch FHD 144Hz, GeForce RTX 4050, Lenovo AI Engine+', [
    [16, 512, 264999, 'Core i5-13450HX'],
  ]),
  laptop('Lenovo', 'Legion 5 16IRX9', '16-inch WQXGA 165Hz, GeForce RTX 4060, Legion ColdFront cooling', [
    [16, 1024, 389999, 'Core i7-14650HX'],
    [32, 1024, 439999, 'Core i7-14650HX'],
  ]),
  laptop('Apple', 'MacBook Air 13 M2', '13.6-inch Liquid Retina, fanless design, 18-hour battery, MagSafe', [
    [8, 256, 259999],
  ]),
  laptop('Apple', 'MacBook Air 13 M3', '13.6-inch Liquid Retina, Apple M3 chip, Wi-Fi 6E, two external displays', [
    [8, 256, 309999],
    [16, 512, 369999],
  ]),
  laptop('Apple', 'MacBook Air 15 M3', '15.3-inch Liquid Retina, six-speaker sound system, Apple M3', [
    [8, 256, 349999],
  ]),
  laptop('Apple', 'MacBook Pro 14 M3', '14.2-inch Liquid Retina XDR, Apple M3, 22-hour battery, HDMI and SD slot', [
    [8, 512, 479999],
  ]),
  laptop('Apple', 'MacBook Pro 14 M3 Pro', '14.2-inch Liquid Retina XDR 120Hz, 11-core CPU, 14-core GPU', [
    [18, 512, 619999],
  ]),
  laptop('Asus', 'Vivobook 15 X1504VA', '15.6-inch FHD display, ErgoSense keyboard, Asus Antibacterial Guard', [
    [8, 512, 139999, 'Core i5-1335U'],
    [16, 512, 164999, 'Core i7-1355U'],
  ]),
  laptop('Asus', 'ExpertBook B1 B1502CVA', '15.6-inch FHD, MIL-STD durability, fingerprint reader', [
    [8, 512, 154999, 'Core i5-1335U'],
  ]),
  laptop('Asus', 'Zenbook 14 OLED UX3405MA', '14-inch 3K OLED 120Hz, 1.2kg, Intel AI Boost NPU', [
    [16, 1024, 309999, 'Core Ultra 7'],
  ]),
  laptop('Asus', 'TUF Gaming F15 FX507ZC4', '15.6-inch FHD 144Hz, GeForce RTX 3050, military-grade toughness', [
    [16, 512, 229999, 'Core i5-12500H'],
  ]),
  laptop('Asus', 'ROG Strix G16 G614JV', '16-inch QHD+ 240Hz, GeForce RTX 4060, ROG Intelligent Cooling', [
    [16, 1024, 429999, 'Core i7-13650HX'],
  ]),
  laptop('Acer', 'Aspire 3 A315-59', '15.6-inch FHD display, slim design, Wi-Fi 6', [
    [8, 256, 109999, 'Core i3-1215U'],
    [8, 512, 129999, 'Core i5-1235U'],
  ]),
  laptop('Acer', 'Aspire 5 A515-58', '15.6-inch FHD IPS, backlit keyboard, Thunderbolt 4', [
    [16, 512, 189999, 'Core i7-1355U'],
  ]),
  laptop('Acer', 'TravelMate P2 TMP216', '16-inch WUXGA business laptop, TPM 2.0, MIL-STD tested', [
    [8, 512, 144999, 'Core i5-1335U'],
  ]),
  laptop('Acer', 'Swift Go 14 SFG14-73', '14-inch 2.8K OLED, Intel Core Ultra with AI Boost, 1.3kg', [
    [16, 512, 249999, 'Core Ultra 5'],
  ]),
  laptop('Acer', 'Nitro V 15 ANV15-51', '15.6-inch FHD 144Hz, GeForce RTX 4050, dual-fan cooling', [
    [16, 512, 219999, 'Core i5-13420H'],
    [16, 512, 259999, 'Core i7-13620H'],
  ]),
  laptop('Acer', 'Predator Helios Neo 16', '16-inch WUXGA 165Hz, GeForce RTX 4060, 5th-gen AeroBlade fan', [
    [16, 1024, 399999, 'Core i7-14700HX'],
  ]),
  laptop('Microsoft', 'Surface Laptop Go 3', '12.4-inch PixelSense touch, 1.13kg, fingerprint power button', [
    [8, 256, 199999, 'Core i5-1235U'],
  ]),
  laptop('Microsoft', 'Surface Laptop 5 13.5', '13.5-inch PixelSense touch, Alcantara keyboard, Thunderbolt 4', [
    [8, 512, 289999, 'Core i5-1235U'],
  ]),
  laptop('Microsoft', 'Surface Laptop 7 13.8', '13.8-inch PixelSense Flow 120Hz, Copilot+ PC, 20-hour battery', [
    [16, 512, 389999, 'Snapdragon X Plus'],
  ]),
  laptop('Microsoft', 'Surface Pro 9', '13-inch PixelSense 120Hz 2-in-1, kickstand, Slim Pen support', [
    [8, 256, 279999, 'Core i5-1235U'],
    [16, 512, 359999, 'Core i7-1255U'],
  ]),
  laptop('Microsoft', 'Surface Pro 11', '13-inch OLED 2-in-1, Copilot+ PC, Snapdragon X Elite', [
    [16, 512, 449999, 'Snapdragon X Elite'],
  ]),
  laptop('Samsung', 'Galaxy Book4', '15.6-inch FHD display, Galaxy ecosystem, Dolby Atmos speakers', [
    [8, 512, 179999, 'Core 5 120U'],
    [16, 512, 214999, 'Core 7 150U'],
  ]),
  laptop('Samsung', 'Galaxy Book3 360', '15.6-inch Super AMOLED touch, S Pen included, 360-degree hinge', [
    [16, 512, 299999, 'Core i7-1360P'],
  ]),
  laptop('Samsung', 'Galaxy Book4 Pro 14', '14-inch 3K Dynamic AMOLED 2X touch, 1.23kg, Intel Arc graphics', [
    [16, 512, 389999, 'Core Ultra 7'],
  ]),
  // ── desktops and all-in-ones ──
  desktop('Dell', 'Vostro 3020 Tower', 'Compact tower, DisplayPort and HDMI, keyboard and mouse included', [
    [8, 256, 99999, 'Core i3-13100'],
  ]),
  desktop('Dell', 'OptiPlex 7010 SFF', 'Small form factor business PC, TPM 2.0, tool-less chassis', [
    [8, 512, 149999, 'Core i5-13500'],
    [16, 512, 174999, 'Core i5-13500'],
  ]),
  desktop('Dell', 'Inspiron 24 5430 All-in-One', '23.8-inch FHD touch, pop-up camera, built-in speakers', [
    [16, 1024, 279999, 'Core i7-1355U'],
  ]),
  desktop('Dell', 'XPS 8960 Desktop', 'GeForce RTX 4060 Ti, 750W PSU, tool-less upgrades', [
    [16, 1024, 429999, 'Core i7-14700'],
  ]),
  desktop('HP', 'Pro Tower 290 G9', 'Business tower, USB-C, HP Wolf Security', [
    [8, 512, 129999, 'Core i5-12400'],
    [16, 512, 159999, 'Core i7-12700'],
  ]),
  desktop('HP', 'EliteDesk 800 G9 Mini', '1-litre mini PC, vPro, VESA mountable, three display outputs', [
    [16, 512, 219999, 'Core i7-12700T'],
  ]),
  desktop('HP', 'All-in-One 24-cr0', '23.8-inch FHD IPS, pop-up privacy camera, dual speakers', [
    [8, 512, 179999, 'Core i5-1335U'],
  ]),
  desktop('HP', 'Victus 15L TG02', 'Gaming tower, GeForce RTX 4060, tempered-glass side panel', [
    [16, 1024, 299999, 'Ryzen 7 5700G'],
  ]),
  desktop('Lenovo', 'ThinkCentre neo 50q Tiny', 'Ultra-compact 1-litre PC, VESA mount, Wi-Fi 6', [
    [8, 256, 94999, 'Core i3-1215U'],
  ]),
  desktop('Lenovo', 'ThinkCentre M70s Gen 4', 'Small form factor, ThinkShield security, 260W PSU', [
    [8, 512, 139999, 'Core i5-13400'],
    [16, 512, 169999, 'Core i7-13700'],
  ]),
  desktop('Lenovo', 'IdeaCentre AIO 3 24IAP7', '23.8-inch FHD borderless display, JBL speakers', [
    [8, 512, 169999, 'Core i5-12450H'],
  ]),
  desktop('Lenovo', 'Legion Tower 5', 'GeForce RTX 4070, Legion Coldfront cooling, RGB front panel', [
    [32, 1024, 449999, 'Ryzen 7 7700'],
  ]),
  desktop('Apple', 'Mac mini M2', 'Apple M2 chip, compact aluminium body, two Thunderbolt 4 ports', [
    [8, 256, 169999],
    [16, 512, 229999],
  ]),
  desktop('Apple', 'Mac mini M4', 'Apple M4 chip, 5-inch square design, front USB-C ports', [[16, 256, 219999]]),
  desktop('Apple', 'iMac 24 M3', '24-inch 4.5K Retina, Apple M3, 1080p FaceTime camera, seven colours', [
    [8, 256, 389999],
  ]),
  desktop('Apple', 'Mac Studio M2 Max', 'Apple M2 Max, 12-core CPU, 30-core GPU, pro connectivity', [
    [32, 512, 699999],
  ]),
  desktop('Asus', 'Mini PC PN64', 'Palm-sized mini PC, dual HDMI, Wi-Fi 6E', [[8, 512, 119999, 'Core i5-12500H']]),
  desktop('Asus', 'ExpertCenter D5 SFF', 'Small form factor business desktop, TPM 2.0, tool-free design', [
    [8, 512, 134999, 'Core i5-12400'],
  ]),
  desktop('Asus', 'Zen AiO 24 A5402', '23.8-inch FHD NanoEdge, Harman Kardon audio, wireless keyboard', [
    [16, 512, 199999, 'Core i5-1340P'],
  ]),
  desktop('Asus', 'ROG Strix G16CH', 'Gaming tower, GeForce RTX 4070, ROG Aura Sync lighting', [
    [16, 1024, 469999, 'Core i7-13700F'],
  ]),
  desktop('Acer', 'Aspire TC-1760', 'Compact tower, DVD writer, Wi-Fi 6, keyboard and mouse', [
    [8, 256, 99999, 'Core i3-12100'],
  ]),
  desktop('Acer', 'Veriton X2690G', 'Small business desktop, TPM 2.0, front USB-C', [
    [8, 512, 124999, 'Core i5-12400'],
    [16, 512, 149999, 'Core i7-12700'],
  ]),
  desktop('Acer', 'Aspire C24 All-in-One', '23.8-inch FHD IPS, slim design, pop-up webcam', [
    [8, 512, 159999, 'Core i5-1235U'],
  ]),
  desktop('Acer', 'Predator Orion 3000', 'Gaming tower, GeForce RTX 4060, FrostBlade cooling', [
    [16, 1024, 369999, 'Core i7-13700F'],
  ]),
  desktop('Microsoft', 'Surface Studio 2+', '28-inch PixelSense touch display, zero-gravity hinge, GeForce RTX 3060', [
    [32, 1024, 1199999, 'Core i7-11370H'],
  ]),
];

export const storageLabel = (gb: number) => (gb >= 1024 && gb % 1024 === 0 ? `${gb / 1024}TB` : `${gb}GB`);

/** "Samsung Galaxy A55 8GB 256GB", "Dell XPS 13 9340 Core Ultra 7 16GB 512GB", "Apple MacBook Air 13 M3 16GB 512GB". */
export function productName(family: Family, variant: Variant): string {
  const [ram, storage, , cpu] = variant;
  const parts = [family.brand, family.series, cpu, `${ram}GB`, storageLabel(storage)];
  return parts.filter(Boolean).join(' ');
}

export const BRAND_COLOURS: Record<string, string> = {
  Samsung: '#1428a0',
  Apple: '#333333',
  Infinix: '#0b8a3e',
  Xiaomi: '#ff6900',
  Tecno: '#0066cc',
  Vivo: '#415fff',
  Oppo: '#1b7a4e',
  Realme: '#c9a400',
  Asus: '#00539b',
  Dell: '#007db8',
  HP: '#0096d6',
  Lenovo: '#e2231a',
  Acer: '#5b8f22',
  Microsoft: '#5e5e5e',
  Google: '#1a73e8',
};
