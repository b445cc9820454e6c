// The servers the server benchmarks compare: each pair a baseline and ours, served the same way. target.ts starts one
// server of a kind in a process of its own.
export type ServerKind = 'bare' | 'ours' | 'bare-fetch' | 'ours-fetch';

export interface ServerPair {
  label: string;
  bare: ServerKind;
  ours: ServerKind;
}

export const SERVER_PAIRS: readonly ServerPair[] = [
  { label: 'node:http', bare: 'bare', ours: 'ours' },
  { label: 'Fetch', bare: 'bare-fetch', ours: 'ours-fetch' },
];
