// The processes a process started (its direct children), read from Linux's /proc: the MCP servers a CLI runs.
import { readdirSync, readFileSync } from 'node:fs';

export function childPids(pid: number): number[] {
  const children: number[] = [];
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    const listed = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
    if (listed) children.push(...listed.split(/\s+/).map(Number));
  }
  return children;
}
