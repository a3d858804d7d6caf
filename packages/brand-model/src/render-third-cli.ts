import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { BRAND_CLASSES, MODEL_INPUT_SIZE } from './classes';
import { writeModelView } from './dataset';
import { mixSeed } from './prng';
import { renderThird, type ThirdDifficulty } from './render-third';

/*
 * Writes a set from the SECOND HELD-OUT renderer (render-third.ts, never used to train a shipped model) as
 * DIR/<Brand>/NNNN.png, the layout evaluate-cli reads. The README's figures use --seed 41001 (ordinary) and 41002
 * (hard), 50 per class:
 *   npx tsx packages/brand-model/src/render-third-cli.ts --out DIR --per-class 50 --seed 41001 --difficulty ordinary|hard|mixed
 * --size 112 writes what the model sees instead (area-resized, as `preprocess` does): the committed fixtures/third-family.
 */
const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    'per-class': { type: 'string', default: '20' },
    seed: { type: 'string', default: '1' },
    difficulty: { type: 'string', default: 'ordinary' },
    size: { type: 'string' },
  },
});

const out = values.out;
const perClass = Number(values['per-class']);
const setSeed = Number(values.seed);
const mode = values.difficulty;
if (!out || !Number.isInteger(perClass) || perClass < 1 || !Number.isFinite(setSeed)) {
  throw new Error('usage: render-third-cli --out DIR [--per-class N] [--seed S] [--difficulty ordinary|hard|mixed]');
}
if (mode !== 'ordinary' && mode !== 'hard' && mode !== 'mixed') {
  throw new Error(`--difficulty must be ordinary, hard or mixed, not ${mode}`);
}

const started = Date.now();
for (const [label, brand] of BRAND_CLASSES.entries()) {
  const dir = join(out, brand);
  await mkdir(dir, { recursive: true });
  for (let i = 0; i < perClass; i++) {
    const seed = mixSeed(setSeed, label * 1_000_003 + i);
    const difficulty: ThirdDifficulty = mode === 'mixed' ? (i % 2 === 0 ? 'ordinary' : 'hard') : mode;
    const pixels = await renderThird({ brand, seed, difficulty });
    const file = join(dir, `${String(i).padStart(4, '0')}.png`);
    const raw = { width: MODEL_INPUT_SIZE, height: MODEL_INPUT_SIZE, channels: 3 as const };
    if (!values.size) {
      await sharp(pixels, { raw }).png().toFile(file);
      continue;
    }
    await writeModelView({ data: pixels, ...raw }, Number(values.size), file);
  }
}
const total = perClass * BRAND_CLASSES.length;
console.log(
  `wrote ${total} images to ${out} in ${Date.now() - started} ms (${((Date.now() - started) / total).toFixed(1)} ms each)`,
);
