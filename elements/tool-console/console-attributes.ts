// How <tool-console> reads the attributes the page's server fills: text in, typed values out, never an exception
// (a page with a mangled attribute still shows its console).
import type { ServerInfo } from '../api.js';

/** The `server` attribute's JSON; anything else (empty, not JSON, no name) is no server named. */
export const serverJson = {
  fromAttribute(value: string | null): ServerInfo | undefined {
    try {
      const info = JSON.parse(value ?? '') as Partial<ServerInfo> | null;
      return typeof info?.name === 'string' ? (info as ServerInfo) : undefined;
    } catch {
      return undefined;
    }
  },
};

/** "true"/"false" attribute text to a boolean; absent or anything but "false" allows (the server still decides). */
export const flag = {
  fromAttribute: (value: string | null) => value === null || value.trim().toLowerCase() !== 'false',
  toAttribute: (value: boolean) => String(value),
};

/** What a backend can offer besides tools, as the `offers` attribute names it. */
export type Offer = 'resources' | 'prompts' | 'completions' | 'subscriptions';
const OFFERS: readonly string[] = ['resources', 'prompts', 'completions', 'subscriptions'];

/** The `offers` attribute (`"resources prompts completions subscriptions"`): the known words, once each, in order. */
export const offerList = {
  fromAttribute: (value: string | null): Offer[] =>
    OFFERS.filter((offer) => (value ?? '').split(/\s+/).includes(offer)) as Offer[],
  toAttribute: (value: Offer[]) => value.join(' '),
};
