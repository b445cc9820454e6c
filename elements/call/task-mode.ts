// How a tool runs as an MCP task, beside Execute (slotted into the form's actions): a switch for a tool that may run
// as one (`execution.taskSupport: "optional"`), a note for one that must, nothing for the rest.
import { html, nothing } from 'lit';
import type { ToolDetail } from '../api.js';

/** Whether a call of `tool` asks for a task: only a tool that may run either way is asked. */
export function callsAsTask(tool: ToolDetail | undefined, switchedOn: boolean): boolean {
  return switchedOn && tool?.execution?.taskSupport === 'optional';
}

export function renderTaskMode(tool: ToolDetail, switchedOn: boolean, onChange: (event: Event) => void) {
  const support = tool.execution?.taskSupport;
  if (support === 'required')
    return html`<span slot="actions" class="task-mode" part="task-mode">Runs as a task (the server requires
      it)</span>`;
  if (support !== 'optional') return nothing;
  return html`<label slot="actions" class="task-mode" part="task-mode"
    title="The server works on it in the background and reports its status as it goes.">
    <input type="checkbox" .checked=${switchedOn} @change=${onChange} />Run as task</label>`;
}
