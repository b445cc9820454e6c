// What both servers serve: N tools shaped like real MCP tools, and one handler.
import type { CallTuple, Tool } from '../../server/index.js';

export function benchmarkTools(count: number): Tool[] {
  return Array.from({ length: count }, (_, index) => ({
    name: `tool_${index}`,
    description: `Tool number ${index}: looks something up for a city and returns a short report.`,
    inputSchema: {
      type: 'object',
      properties: {
        city: { type: 'string', description: 'City name' },
        days: { type: 'integer', minimum: 1, maximum: 14, default: 3 },
        units: { type: 'string', enum: ['metric', 'imperial'] },
      },
      required: ['city'],
      additionalProperties: false,
    },
    ...(index % 2 === 0 ? { annotations: { readOnlyHint: true, openWorldHint: true } } : {}),
  }));
}

export async function benchmarkHandler(name: string, args: Record<string, unknown>): Promise<CallTuple> {
  return [[{ type: 'text', text: `${name} for ${String(args.city)}: sunny` }], false, 'trace-1'];
}

/** The tool the detail and call routes ask for: in the middle of the list. */
export const middleToolName = (count: number) => `tool_${Math.floor(count / 2)}`;

export const CALL_BODY = JSON.stringify({ city: 'Oslo', days: 3 });
