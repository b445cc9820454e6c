// A backend whose every displayed string is a payload: one tool per payload (name, title, description, annotation
// title, a property named, titled, described, defaulted and enumerated with it), one tool whose schema holds every
// payload at once, and a result carrying every payload in every content type, structuredContent and _meta.
import type { CallResult, Content, Tool } from '../../server/index.js';
import { PAYLOADS, SVG_WITH_SCRIPT } from './payloads.js';

export const EVERYTHING_TOOL = 'attack/everything';

function payloadTool(payload: string, i: number): Tool {
  return {
    name: payload,
    title: payload,
    description: payload,
    annotations: { title: payload, readOnlyHint: i % 2 === 0, openWorldHint: true },
    inputSchema: {
      type: 'object',
      title: payload,
      properties: {
        [payload]: { type: 'string', title: payload, description: payload, default: payload, examples: [payload] },
        choice: { type: 'string', title: payload, enum: [payload, 'plain'], default: payload },
      },
      required: [payload],
    },
  };
}

function everythingSchema(): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  PAYLOADS.forEach((payload, i) => {
    properties[payload] = { type: 'string', description: payload, default: payload };
    properties[`enum ${i}`] = { title: payload, enum: [payload, `plain ${i}`], default: payload };
    properties[`nested ${i}`] = {
      type: 'object',
      title: payload,
      properties: { [payload]: { type: 'number', description: payload } },
    };
  });
  properties.variants = {
    title: PAYLOADS[0],
    oneOf: PAYLOADS.slice(0, 5).map((payload) => ({ const: payload, title: payload })),
  };
  return { type: 'object', title: PAYLOADS[1], description: PAYLOADS[2], properties };
}

export const attackTools: Tool[] = [
  {
    name: EVERYTHING_TOOL,
    title: PAYLOADS.join(' '),
    description: PAYLOADS.join('\n'),
    annotations: { title: PAYLOADS[3] },
    inputSchema: everythingSchema(),
  },
  ...PAYLOADS.map(payloadTool),
];

function contentFor(payload: string): Content[] {
  return [
    { type: 'text', text: payload },
    { type: 'text', text: JSON.stringify({ [payload]: payload }) },
    { type: 'image', data: SVG_WITH_SCRIPT, mimeType: payload },
    { type: 'audio', data: 'AAAA', mimeType: payload },
    { type: 'resource', resource: { uri: payload, mimeType: payload, text: payload } },
    {
      type: 'resource',
      resource: { uri: payload, mimeType: 'text/html', blob: Buffer.from(payload).toString('base64') },
    },
    { type: 'resource_link', uri: payload, name: payload, title: payload, description: payload, mimeType: payload },
    { type: payload, [payload]: payload } as unknown as Content,
  ];
}

/** Every payload in every content type, plus images that are real SVG with script (shown only as <img>). */
export function attackResult(): CallResult {
  const payloadMap = Object.fromEntries(PAYLOADS.map((payload) => [payload, payload]));
  return {
    content: [
      { type: 'image', data: SVG_WITH_SCRIPT, mimeType: 'image/svg+xml' },
      { type: 'resource_link', uri: 'javascript:__pwned(-3)', name: 'javascript link' },
      ...PAYLOADS.flatMap(contentFor),
    ],
    structuredContent: { ...payloadMap, list: PAYLOADS },
    _meta: { _trace_id: PAYLOADS.join(' '), ...payloadMap },
  };
}
