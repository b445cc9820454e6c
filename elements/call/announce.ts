// What a screen reader hears when a call ends, through the console's polite live region: the tool, how it ended,
// and how long it took, in one short sentence.
import { formatDuration } from '../display/format.js';
import type { ToolCall } from './tool-call.js';

export function announceEnd(call: ToolCall): string {
  switch (call.status) {
    case 'running':
      return '';
    case 'cancelled':
      return `${call.name} cancelled.`;
    case 'failed':
      return `${call.name} failed: ${call.error?.message ?? 'no answer'}`;
    case 'finished': {
      const outcome = call.outcome!;
      const how = outcome.result.isError === true ? 'tool error' : 'success';
      return `${call.name} finished: ${how}, ${formatDuration(outcome.durationMs)}.`;
    }
  }
}
