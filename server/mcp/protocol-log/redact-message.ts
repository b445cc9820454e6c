// A copy of a JSON-RPC message with secrets blanked out, before the protocol log keeps it: every known secret value
// (the values of --header, OAuth tokens, client secrets, API keys) wherever it appears, in values and keys alike, and
// the value of any field named like a credential (`authorization`, `access_token`, `client_secret`, ...), so a server
// that echoes a request's headers or a token response never puts one in front of the log's readers.

const REDACTED = '[redacted]';
/** Field names whose values are credentials whatever they hold. */
const CREDENTIAL_FIELD =
  /^(authorization|proxy-authorization|cookie|set-cookie|(access|refresh|id)_token|client_secret|password|api[-_]?key)$/i;
/** JSON from a server is not deep; a message nested past this is cut, not walked. */
const MAX_DEPTH = 64;

function redactText(text: string, secrets: readonly string[]): string {
  for (const secret of secrets) if (text.includes(secret)) text = text.split(secret).join(REDACTED);
  return text;
}

/** `secrets` shorter than 4 characters are left alone: blanking them would garble every message. */
export function redactMessage(message: unknown, secrets: readonly string[]): unknown {
  const blanked = secrets.filter((secret) => secret.length >= 4).sort((a, b) => b.length - a.length);
  const walk = (value: unknown, depth: number): unknown => {
    if (typeof value === 'string') return redactText(value, blanked);
    if (typeof value !== 'object' || value === null) return value;
    if (depth >= MAX_DEPTH) return '[too deep]';
    if (Array.isArray(value)) return value.map((item) => walk(item, depth + 1));
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      copy[redactText(key, blanked)] =
        CREDENTIAL_FIELD.test(key) && item !== null && item !== '' ? REDACTED : walk(item, depth + 1);
    }
    return copy;
  };
  return walk(message, 0);
}
