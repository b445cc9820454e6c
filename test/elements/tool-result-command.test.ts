import { expect } from '@open-wc/testing';
import { $, $$, openTab, outcome, show, withClipboard } from './tool-result.helpers.js';

describe('<tool-result> Command tab', () => {
  it('should give the call as the tool-console call line, beside cURL, and copy it', async () => {
    const el = await show(outcome({ content: [{ type: 'text', text: 'ok' }] }, 200, 's3cret'));
    expect($$(el, '[role=tab]').map((tab) => tab.textContent!.trim())).to.deep.equal([
      'Result',
      'Raw',
      'cURL',
      'Command',
    ]);
    await openTab(el, 'Command');
    const line = $(el, 'pre.command')!.textContent!;
    expect(line).to.equal(`tool-console call echo --args '{"text":"it'\\''s"}'`);
    expect(line).not.to.contain('s3cret');
    expect($(el, '#panel')!.textContent).to.contain('--stdio');
    const written = await withClipboard(async () => {
      $(el, 'button.copy')!.click();
      await el.updateComplete;
    });
    expect(written).to.deep.equal([line]);
  });
});
