// How <tool-console> reads the attributes the page's server fills: text in, typed values out, never an exception
// (a page with a mangled attribute still shows its console).
import type { ServerInfo } from '../api.js';

/** The `server` attribute's JSON; anything else (empty, not JSON, no name) is no server named. */
export const serverJson = {
  fromAttribute(value: string | null): ServerInfo | undefined {
    try {
      // Stryker disable next-line StringLiteral: a removed attribute (null) is no JSON, whatever text stands for it
      const info = JSON.parse(value ?? '') as Partial<ServerInfo> | null;
      // Stryker disable next-line OptionalChaining: without it, `null` throws inside the try: no server named too
      return typeof info?.name === 'string' ? (info as ServerInfo) : undefined;
    } catch {
      return undefined;
    }
  },
};

/**
 * "true"/"false" attribute text to a boolean; absent or anything but "false" allows (the server still decides). Read
 * only: the property is not reflected to its attribute.
 */
export const flag = {
  fromAttribute: (value: string | null) => value === null || value.trim().toLowerCase() !== 'false',
};
