import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { BRAND_CLASSES, MODEL_INPUT_SIZE } from './classes';
import { generateSet } from './generate';
import { preprocess } from './preprocess';

/*
 * Writes a synthetic data set as PNG files in <out>/<Class>/, the same layout the trainer reads.
 *   npx tsx packages/brand-model/src/generate-cli.ts --out /tmp/brands --per-class 200 --seed 42 --difficulty mixed
 * --size 112 stores half-size images: lossless for this model, whose first layer averages 2×2 pixels anyway.
 */
const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    'per-class': { type: 'string', default: '100' },
    seed: { type: 'string', default: '42' },
    difficulty: { type: 'string', default: 'mixed' },
    'hard-fraction': { type: 'string', default: '0.4' },
    size: { type: 'string', default: String(MODEL_INPUT_SIZE) },
  },
});
if (!values.out) {
  console.error(
    'Usage: generate-cli --out <dir> [--per-class N] [--seed S] [--difficulty ordinary|hard|mixed] [--size 224|112]',
  );
  process.exit(2);
}
const out = resolve(values.out);
const size = Number(values.size);
const hardFraction =
  values.difficulty === 'hard' ? 1 : values.difficulty === 'ordinary' ? 0 : Number(values['hard-fraction']);
const images = await generateSet({
  seed: Number(values.seed),
  perClass: Number(values['per-class']),
  hardFraction,
  onProgress: (done, total) => {
    if (done % 100 === 0 || done === total) console.log(`${done}/${total}`);
  },
});
const counters = BRAND_CLASSES.map(() => 0);
for (const { label, pixels } of images) {
  const dir = join(out, BRAND_CLASSES[label]!);
  await mkdir(dir, { recursive: true });
  let data: Buffer = pixels;
  if (size !== MODEL_INPUT_SIZE) {
    const scaled = preprocess({ data: pixels, width: MODEL_INPUT_SIZE, height: MODEL_INPUT_SIZE, channels: 3 }, size);
    data = Buffer.from(Uint8Array.from(scaled, (v) => Math.round(v * 255)));
  }
  const name = String(counters[label]!++).padStart(4, '0') + '.png';
  await sharp(data, { raw: { width: size, height: size, channels: 3 } })
    .png({ compressionLevel: 9 })
    .toFile(join(dir, name));
}
console.log(`wrote ${images.length} images to ${out}`);
