import type { RawImage } from '@pricehub/brand-model/preprocess';
import type { NamesRead } from '@pricehub/brand-model/wordmark';
import { readBrandNames } from './text-reader';

/*
 * The text reader's own thread (started by text-reader-worker.ts): it loads the runtime and the models, and reads
 * each photo it is sent, while the page's thread runs the CNN and keeps drawing.
 */

export interface ReadRequest {
  id: number;
  image: RawImage;
}

export type ReadReply = ({ id: number } & NamesRead) | { id: number; error: string };

self.addEventListener('message', (event: MessageEvent<ReadRequest>) => {
  const { id, image } = event.data;
  const reply = (message: ReadReply) => self.postMessage(message);
  readBrandNames(image).then(
    ({ brands, lines }) => reply({ id, brands, lines }),
    (error: unknown) => reply({ id, error: error instanceof Error ? error.message : String(error) }),
  );
});
