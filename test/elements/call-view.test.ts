// What the call view draws of a call: its log lines in the colour of their level, the region that names them, and the
// progress of a running call (a count to two decimals, a bar that stays indeterminate without a usable total).
import { expect, fixture, html } from '@open-wc/testing';
import { render } from 'lit';
import type { LogLine, ToolCall } from '../../elements/call/tool-call.js';

// Imported while the tests run, not as the file loads: the mutation runner counts what a module does as it loads
// (the level-to-colour table) only for a test file that loads it during its tests.
let view: typeof import('../../elements/call/call-view.js');
before(async () => {
  view = await import('../../elements/call/call-view.js');
});

const STARTED = 1_000_000;

/** A call snapshot as the console draws it: only what the view reads is filled in. */
function call(extra: Partial<ToolCall>): ToolCall {
  return { name: 'slow', status: 'running', startedAt: STARTED, logs: [], logsDropped: 0, ...extra } as ToolCall;
}

async function draw(template: unknown): Promise<HTMLElement> {
  const host = await fixture<HTMLElement>(html`<div></div>`);
  render(template, host);
  return host;
}

const text = (node: Element | null) => node?.textContent?.replace(/\s+/g, ' ').trim();

describe('call view', () => {
  it('should colour each MCP log level as info, warning or error, and leave the others plain', async () => {
    const levels = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency', 'custom'];
    const logs: LogLine[] = levels.map((level, i) => ({ level, data: `line ${i}`, at: STARTED + i * 1000 }));
    const host = await draw(view.renderLogs(call({ logs })));
    const shown = [...host.querySelectorAll('.level')].map((level) => `${level.textContent}:${level.className}`);
    expect(shown).to.deep.equal([
      'debug:level ',
      'info:level info',
      'notice:level info',
      'warning:level warning',
      'error:level error',
      'critical:level error',
      'alert:level error',
      'emergency:level error',
      'custom:level ',
    ]);
    expect(host.querySelector('[role=region]')!.getAttribute('aria-label')).to.equal('Log of slow');
    expect(text(host.querySelector('summary'))).to.equal('Log (9 lines)');
  });

  it('should count the lines let go in thousands', async () => {
    const logs: LogLine[] = [{ level: 'info', data: 'last', at: STARTED }];
    const host = await draw(view.renderLogList({ lines: logs, dropped: 1234 }, STARTED, 'Server log', 'Server log'));
    expect(text(host.querySelector('.dropped'))).to.equal('The 1,234 earliest lines are not kept; the latest 1 are.');
  });

  it('should show progress to two decimals against its total, and no message when the tool gave none', async () => {
    const host = await draw(view.renderRunning(call({ progress: { progress: 0.12345, total: 1 } }), STARTED));
    const bar = host.querySelector('progress')!;
    expect([bar.getAttribute('value'), bar.getAttribute('max')]).to.deep.equal(['0.12345', '1']);
    expect(text(host.querySelector('.count'))).to.equal('0.12 / 1');
    expect(host.querySelector('.progress-text .message')!.textContent).to.equal('');
  });

  it('should keep the bar indeterminate and count alone when the total is zero', async () => {
    const host = await draw(view.renderRunning(call({ progress: { progress: 2, total: 0 } }), STARTED));
    const bar = host.querySelector('progress')!;
    expect([bar.hasAttribute('value'), bar.hasAttribute('max'), bar.position]).to.deep.equal([false, false, -1]);
    expect(text(host.querySelector('.count'))).to.equal('2');
  });
});
