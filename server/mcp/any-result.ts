// A result schema that takes whatever the server answered, for requests the SDK has no schema of its own for (the
// `tasks/*` requests of MCP 2025-11-25) or whose answer it would change. A Standard Schema, as the SDK takes.
import type { StandardSchemaV1 } from '@modelcontextprotocol/client';

export const anyResult: StandardSchemaV1<unknown, unknown> = {
  // Stryker disable next-line StringLiteral: the SDK calls validate only; the vendor's name reaches nobody
  '~standard': { version: 1, vendor: 'tool-console', validate: (value) => ({ value }) },
};
