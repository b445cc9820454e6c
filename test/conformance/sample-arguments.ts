// Arguments for a tool the conformance client calls without knowing it: a value of the declared type for each
// required property (numbers differ, so a sum shows which was which), as a user filling only the required fields.

const SAMPLE_STRING = 'conformance';

export function sampleArguments(inputSchema: unknown): Record<string, unknown> {
  const schema = (inputSchema ?? {}) as { properties?: Record<string, { type?: unknown }>; required?: unknown };
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  const args: Record<string, unknown> = {};
  required.forEach((name, index) => {
    const type = schema.properties?.[name]?.type;
    if (type === 'number' || type === 'integer') args[name] = index + 1;
    else if (type === 'boolean') args[name] = true;
    else if (type === 'string') args[name] = SAMPLE_STRING;
  });
  return args;
}
