import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { train } from './train';

/*
 * Trains the brand model and writes model.json + weights.bin for the web app.
 *   npx tsx packages/brand-model/src/train-cli.ts --minutes 82                # generated scenes
 *   npx tsx packages/brand-model/src/train-cli.ts --data ./photos --minutes 30 # real photos: ./photos/<Class>/*.jpg
 */
const { values } = parseArgs({
  options: {
    data: { type: 'string' },
    init: { type: 'string' },
    out: { type: 'string', default: 'apps/web/public/models/brand' },
    report: { type: 'string', default: 'packages/brand-model/training-report.json' },
    minutes: { type: 'string', default: '82' },
    steps: { type: 'string', default: '0' },
    workers: { type: 'string', default: '2' },
    batch: { type: 'string', default: '32' },
    lr: { type: 'string', default: '0.002' },
    'per-class': { type: 'string', default: '1200' },
    'hard-fraction': { type: 'string', default: '0.4' },
    'train-seed': { type: 'string', default: '1001' },
    'validation-seed': { type: 'string', default: '7001' },
    'test-seed': { type: 'string', default: '9001' },
    'validation-per-class': { type: 'string', default: '40' },
    'test-per-class': { type: 'string', default: '60' },
    'checkpoint-minutes': { type: 'string', default: '5' },
    'warmup-steps': { type: 'string', default: '20' },
    'prime-per-class': { type: 'string', default: '40' },
    'images-per-render': { type: 'string', default: '4' },
  },
});

const stamp = () => new Date().toISOString().slice(11, 19);
await train({
  dataDir: values.data ? resolve(values.data) : undefined,
  initDir: values.init ? resolve(values.init) : undefined,
  outDir: resolve(values.out!),
  reportPath: values.report ? resolve(values.report) : undefined,
  minutes: Number(values.minutes),
  maxSteps: Number(values.steps),
  workers: Number(values.workers),
  batchSize: Number(values.batch),
  learningRate: Number(values.lr),
  perClass: Number(values['per-class']),
  hardFraction: Number(values['hard-fraction']),
  trainSeed: Number(values['train-seed']),
  validationSeed: Number(values['validation-seed']),
  testSeed: Number(values['test-seed']),
  validationPerClass: Number(values['validation-per-class']),
  testPerClass: Number(values['test-per-class']),
  checkpointMinutes: Number(values['checkpoint-minutes']),
  warmupSteps: Number(values['warmup-steps']),
  primePerClass: Number(values['prime-per-class']),
  imagesPerRender: Number(values['images-per-render']),
  log: (line) => console.log(`[${stamp()}] ${line}`),
});
