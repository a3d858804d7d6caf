import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as tf from '@tensorflow/tfjs';

/*
 * Saving and loading a layers model from Node without tfjs-node (STACK.md): the same model.json + weights.bin pair
 * the browser loads with `tf.loadLayersModel('/models/brand/model.json')`.
 */

export async function saveModel(model: tf.LayersModel, dir: string): Promise<{ bytes: number }> {
  await mkdir(dir, { recursive: true });
  let bytes = 0;
  await model.save(
    tf.io.withSaveHandler(async (artifacts) => {
      const weights = Array.isArray(artifacts.weightData)
        ? tf.io.CompositeArrayBuffer.join(artifacts.weightData)
        : artifacts.weightData!;
      bytes = weights.byteLength;
      const json = {
        format: 'layers-model',
        generatedBy: 'PriceHub brand-model trainer',
        convertedBy: null,
        modelTopology: artifacts.modelTopology,
        weightsManifest: [{ paths: ['./weights.bin'], weights: artifacts.weightSpecs }],
      };
      // Write beside and rename, so a reader (the web app, a test) never sees half a checkpoint.
      await writeFile(join(dir, 'weights.bin.tmp'), Buffer.from(weights));
      await writeFile(join(dir, 'model.json.tmp'), JSON.stringify(json));
      await rename(join(dir, 'weights.bin.tmp'), join(dir, 'weights.bin'));
      await rename(join(dir, 'model.json.tmp'), join(dir, 'model.json'));
      return { modelArtifactsInfo: { dateSaved: new Date(), modelTopologyType: 'JSON' } };
    }),
  );
  return { bytes };
}

export async function loadModel(dir: string): Promise<tf.LayersModel> {
  const json = JSON.parse(await readFile(join(dir, 'model.json'), 'utf8'));
  return tf.loadLayersModel(
    tf.io.fromMemory(
      await tf.io.getModelArtifactsForJSON(json, async (manifest) => {
        const specs = manifest.flatMap((group) => group.weights);
        const data = await readFile(join(dir, 'weights.bin'));
        return [specs, data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength)];
      }),
    ),
  );
}
