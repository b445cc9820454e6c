// What a backend offers besides tools, as the console's `offers` attribute says it (`"resources prompts completions
// subscriptions"`, as the page's server fills it from its options or its MCP server's capabilities).

export type Offer = 'resources' | 'prompts' | 'completions' | 'subscriptions';
const OFFERS: readonly string[] = ['resources', 'prompts', 'completions', 'subscriptions'];

/** The known words of an `offers` attribute, once each, in their order; unknown words are left out. */
export const offerWords = (offers: string): Offer[] =>
  OFFERS.filter((offer) => offers.split(/\s+/).includes(offer)) as Offer[];
