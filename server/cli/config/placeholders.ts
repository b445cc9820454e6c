// The `${...}` placeholders config files hold, filled in as the apps that wrote them would: VS Code's and Cursor's
// `${env:NAME}`, `${workspaceFolder}`, `${userHome}`, and Claude Code's `${NAME}` / `${NAME:-default}` (`.mcp.json`).
// VS Code's `${input:ID}` is a question VS Code asks when it starts the server; a command line cannot ask, so it is
// refused with the way round it. Each failure is a sentence; load-config.ts puts the file and place in front of it.
import { homedir } from 'node:os';
import { basename, sep } from 'node:path';

export interface PlaceholderContext {
  env: NodeJS.ProcessEnv;
  /** The folder holding `.vscode/` or `.cursor/`, else the config file's own folder. */
  workspaceFolder: string;
  /** `inputs` of a VS Code file by id, for the refusal to name what the input was for. */
  inputs: Map<string, string | undefined>;
}

/** A placeholder that cannot be filled in: the sentence says which and why. */
export class PlaceholderError extends Error {}

const PLACEHOLDER = /\$\{([^}]*)\}/g;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function fillPlaceholders(text: string, context: PlaceholderContext): string {
  return text.replace(PLACEHOLDER, (whole, inner: string) => valueOf(whole, inner, context));
}

function valueOf(whole: string, inner: string, { env, workspaceFolder, inputs }: PlaceholderContext): string {
  switch (inner) {
    case 'workspaceFolder':
      return workspaceFolder;
    case 'workspaceFolderBasename':
      return basename(workspaceFolder);
    case 'userHome':
      return homedir();
    case 'pathSeparator':
    case '/':
      return sep;
  }
  if (inner.startsWith('env:')) return fromEnv(whole, inner.slice(4), undefined, env);
  if (inner.startsWith('input:')) {
    const id = inner.slice(6);
    const about = inputs.get(id);
    throw new PlaceholderError(
      `${whole}${about ? ` (${about})` : ''} is asked for by VS Code when it starts the server, and tool-console ` +
        `cannot ask: put the value in an environment variable and write \${env:NAME} here instead`,
    );
  }
  // Claude Code's form: ${NAME}, or ${NAME:-default} used when NAME is unset or empty.
  const [name, fallback] = inner.split(/:-(.*)/s, 2);
  if (ENV_NAME.test(name!)) return fromEnv(whole, name!, fallback, env);
  throw new PlaceholderError(
    `${whole} is not a placeholder tool-console can fill in (it knows \${env:NAME}, \${NAME}, \${NAME:-default}, ` +
      `\${workspaceFolder}, \${userHome})`,
  );
}

function fromEnv(whole: string, name: string, fallback: string | undefined, env: NodeJS.ProcessEnv): string {
  const value = env[name];
  if (value !== undefined && (value !== '' || fallback === undefined)) return value;
  if (fallback !== undefined) return fallback;
  if (!ENV_NAME.test(name)) throw new PlaceholderError(`${whole} does not name an environment variable`);
  throw new PlaceholderError(`${whole} needs the environment variable ${name}, which is not set`);
}
