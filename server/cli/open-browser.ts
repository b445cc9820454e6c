// --open: hands a URL to the system's opener. The URL is printed on stderr anyway, so failing to open it costs
// the user a copy and paste, and says so, but never the console.
import { spawn } from 'node:child_process';

function opener(url: string): [string, string[]] {
  if (process.platform === 'darwin') return ['open', [url]];
  // `start` is a cmd built-in; its first quoted argument is a window title, hence the empty one.
  if (process.platform === 'win32') return ['cmd', ['/c', 'start', '""', url.replace(/&/g, '^&')]];
  return ['xdg-open', [url]];
}

export function openInBrowser(url: string, onFailure: (reason: string) => void): void {
  const [command, args] = opener(url);
  const child = spawn(command, args, { stdio: 'ignore', detached: true });
  child.on('error', (error) => onFailure(`${command}: ${error.message}`));
  child.on('exit', (code) => {
    if (code !== 0 && code !== null) onFailure(`${command} exited with ${code}`);
  });
  child.unref();
}
