import type { Progress } from './sources';

const WIDTH = 30;
const LABEL = { fetch: 'fetching pages', save: 'saving offers ' } as const;

/** A one-line progress bar on a terminal; on a pipe, a plain line every 10% so logs stay readable. */
export function progressBar(stream: NodeJS.WriteStream = process.stderr): Progress & { done(): void } {
  let lastLogged = -1;
  let drawn = false;
  const render: Progress = ({ phase, done, total }) => {
    const ratio = total === 0 ? 1 : done / total;
    const percent = Math.floor(ratio * 100);
    if (stream.isTTY) {
      const filled = Math.round(ratio * WIDTH);
      stream.write(
        `\r${LABEL[phase]} [${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}] ${String(percent).padStart(3)}% ${done}/${total}`,
      );
      drawn = true;
    } else if (Math.floor(percent / 10) !== lastLogged || done === total) {
      lastLogged = Math.floor(percent / 10);
      stream.write(`${LABEL[phase].trim()}: ${done}/${total} (${percent}%)\n`);
    }
  };
  return Object.assign(render, {
    done() {
      if (drawn) stream.write('\n');
    },
  });
}
