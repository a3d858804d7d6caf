import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { BRAND_CLASSES } from './classes';
import { decodePhoto, writeModelView } from './dataset';
import { renderHoldout, type HoldoutDifficulty } from './holdout-render';
import { mixSeed } from './prng';

/*
 * Writes a set from the HELD-OUT renderer (holdout-render.ts, never used for training) as <out>/<Class>/NNNN.jpg|webp|png,
 * the layout evaluate-cli reads. The README's held-out figures use --seed 31001 (ordinary) and 31002 (hard), 50 per class:
 *   npx tsx packages/brand-model/src/holdout-cli.ts --out /tmp/heldout-ordinary --difficulty ordinary --seed 31001
 *   npx tsx packages/brand-model/src/holdout-cli.ts --out /tmp/heldout-hard --difficulty hard --seed 31002
 * --size 112 writes what the model sees instead (centre crop, area-resized, PNG): lossless for this model, whose first
 * layer averages 2×2 pixels, and a tenth of the bytes (the committed fixtures/heldout-family).
 */
const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    'per-class': { type: 'string', default: '50' },
    seed: { type: 'string', default: '31001' },
    difficulty: { type: 'string', default: 'ordinary' },
    size: { type: 'string' },
  },
});
if (!values.out || (values.difficulty !== 'ordinary' && values.difficulty !== 'hard')) {
  console.error('Usage: holdout-cli --out <dir> [--per-class 50] [--seed 31001] [--difficulty ordinary|hard]');
  process.exit(2);
}
const out = resolve(values.out);
const perClass = Number(values['per-class']);
const seed = Number(values.seed);
const difficulty = values.difficulty as HoldoutDifficulty;
for (const [label, brand] of BRAND_CLASSES.entries()) {
  const dir = join(out, brand);
  await mkdir(dir, { recursive: true });
  for (let i = 0; i < perClass; i++) {
    const { data, ext } = await renderHoldout({ brand, seed: mixSeed(seed, label * 1_000_003 + i), difficulty });
    const name = join(dir, String(i).padStart(4, '0'));
    if (!values.size) {
      await writeFile(`${name}.${ext}`, data);
      continue;
    }
    await writeModelView(await decodePhoto(data), Number(values.size), `${name}.png`);
  }
}
console.log(`wrote ${perClass * BRAND_CLASSES.length} ${difficulty} held-out images to ${out}`);
