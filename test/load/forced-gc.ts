// A garbage collection on demand without starting node with --expose-gc, so heap figures compare like with like.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Collects garbage (twice: the second pass frees what the first one's finalisers released). */
export function collectGarbage(): void {
  gc();
  gc();
}
