// The command line or URL of an MCP server, fit to show: a URL's password and the values of query parameters named
// like credentials are blanked, and so are the values of command-line flags named like them (`--api-key sk-...`,
// `--token=...`); the caller blanks its known secrets on top.
import { describeTarget, type McpTarget } from './transport.js';

const SECRET_NAME = /token|secret|password|passwd|api[-_]?key|private[-_]?key|credential|auth/i;
const REDACTED = '[redacted]';

export function blankTarget(target: McpTarget): string {
  if ('url' in target) return blankUrl(String(target.url));
  const args = target.stdio.args ?? [];
  const shown = args.map((arg, index) => {
    // Only the flag's name matters: the whole value goes, even one that runs over several lines.
    const flag = /^(--?[^=]+)=/.exec(arg);
    if (flag && SECRET_NAME.test(flag[1])) return `${flag[1]}=${REDACTED}`;
    const previous = args[index - 1];
    return previous !== undefined && /^--?[^=]+$/.test(previous) && SECRET_NAME.test(previous) ? REDACTED : arg;
  });
  return describeTarget({ stdio: { ...target.stdio, args: shown } });
}

function blankUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return text;
  }
  if (url.password) url.password = REDACTED;
  for (const [name] of [...url.searchParams]) if (SECRET_NAME.test(name)) url.searchParams.set(name, REDACTED);
  return url.href;
}
