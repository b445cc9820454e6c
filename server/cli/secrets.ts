// What the CLI knows to be secret, to blank out of the MCP server's stderr before it is printed or quoted in a call's
// error (which the page shows): the values of --header (and the credential after an auth scheme such as `Bearer`),
// and the values of environment variables named like secrets, which a stdio server inherits and may print when it
// fails ("invalid API key sk-...").
import { headerSecrets, type McpTarget } from '../mcp/index.js';

const SECRET_NAME = /TOKEN|SECRET|PASSWORD|PASSWD|API_?KEY|PRIVATE_?KEY|CREDENTIAL/i;
/** Shorter values (`1`, `true`, a port) are settings, not secrets, and blanking them would garble every line. */
const MIN_SECRET_CHARS = 8;

export function secretsOf(target: McpTarget): string[] {
  const values =
    'stdio' in target
      ? Object.entries(target.stdio.env ?? {})
          .filter(([name]) => SECRET_NAME.test(name))
          .map(([, value]) => value)
      : headerSecrets(target);
  return [...new Set(values.map((value) => value.trim()))].filter((value) => value.length >= MIN_SECRET_CHARS);
}
