// Waiting for a <tool-console> to be still: its list and detail tasks done, and the re-render they cause drawn.
import type { ToolConsole } from '../../elements/tool-console/tool-console.js';

/** Waits for the list and detail tasks and the re-render they cause. */
export async function settle(el: ToolConsole): Promise<void> {
  for (let i = 0; i < 3; i++) {
    const tasks = el as unknown as {
      tools: { taskComplete: Promise<unknown> };
      detail: { taskComplete: Promise<unknown> };
    };
    await Promise.allSettled([tasks.tools.taskComplete, tasks.detail.taskComplete]);
    await el.updateComplete;
  }
}
