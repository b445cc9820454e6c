// The built-in demo the CLI serves when it fronts no MCP server: its tools, what they do, and the resources its
// results link to (the notes) or its tool UI is made of (the dice app).
import type { ReadResourceResult, ResourceReader, ToolCallHandler, Tool } from '../types.js';
import { APP_MIME_TYPE } from '../../protocol/index.js';
import { DICE_APP_URI, diceAppHtml } from './dice-app.js';
import { createDemoHandlers, createNotebook, noteUri } from './handlers.js';
import { demoTools } from './tools.js';

export interface Demo {
  tools: Tool[];
  handleCall: ToolCallHandler;
  readResource: ResourceReader;
}

/** A resource the demo does not have: 404, with the URI named. */
function notFound(uri: string): Error {
  return Object.assign(new Error(`The demo has no resource ${uri}.`), { status: 404 });
}

export function createDemo(): Demo {
  const notes = createNotebook();
  const handlers = createDemoHandlers(notes);
  return {
    tools: demoTools,
    handleCall: async (name, args, _req, ctx) => {
      const handler = handlers.get(name);
      if (!handler) throw new Error(`Unknown demo tool: ${name}`);
      return handler(args ?? {}, ctx);
    },
    readResource: (uri): ReadResourceResult => {
      if (uri === DICE_APP_URI) return { contents: [{ uri, mimeType: APP_MIME_TYPE, text: diceAppHtml('play/dice') }] };
      for (const [id, note] of notes) {
        if (noteUri(id) === uri) return { contents: [{ uri, mimeType: 'text/markdown', text: note }] };
      }
      throw notFound(uri);
    },
  };
}
