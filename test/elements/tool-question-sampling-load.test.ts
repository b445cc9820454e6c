// <tool-question> when its sampling view cannot load (a dropped connection, a page whose CSP turns the chunk away):
// the dialog still says who asks, says why it cannot show the request, and offers Decline and Cancel; the next
// request tries the load again. This file's page forbids every script load once its modules are in (its own page:
// no other test file is affected), so the view's chunk is turned away as a strict CSP would.
import { expect, waitUntil } from '@open-wc/testing';
import type { OpenQuestion } from '../../elements/call/tool-call.js';
import { ask, buttonNames, buttonOf, dialogOf, mount, root, textOf } from './tool-question.helpers.js';

const sampling = (id: string): OpenQuestion => ({
  id,
  params: { mode: 'sampling', messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi?' }] }] },
});

/** The script URLs the page's CSP turned away, in order. */
const refused: string[] = [];

before(() => {
  document.addEventListener('securitypolicyviolation', (event) => refused.push(event.blockedURI));
  const policy = document.createElement('meta');
  policy.httpEquiv = 'Content-Security-Policy';
  // Inline and eval stay allowed for the test harness; any script from a URL is refused from now on.
  policy.content = "script-src 'unsafe-inline' 'unsafe-eval'";
  document.head.append(policy);
});

describe('<tool-question> when the sampling view cannot load', () => {
  it('should say why, offer Decline and Cancel, and try the load again for the next request', async () => {
    const { el, heard } = await mount(sampling('one'), { name: 'acme-mcp', title: 'Acme Tools' });
    await waitUntil(() => dialogOf(el).open, 'the dialog opens all the same', { timeout: 3000 });
    const label = root(el).getElementById(dialogOf(el).getAttribute('aria-labelledby')!);
    expect(textOf(label)).to.equal('Acme Tools asks the model for a reply');
    const alert = textOf(root(el).querySelector('[role=alert]'));
    expect(alert).to.match(/^TypeError: Failed to fetch dynamically imported module: .*\/sampling-view\.(js|ts)/);
    expect(buttonNames(el)).to.deep.equal(['Decline', 'Cancel']);
    expect(root(el).querySelectorAll('#reply, .conversation').length).to.equal(0);
    buttonOf(el, 'Decline').click();
    expect(heard.map(({ detail }) => detail)).to.deep.equal([{ id: 'one', answer: { action: 'decline' } }]);
    expect(refused.filter((url) => url.includes('/sampling-view.')).length).to.equal(1);
    // The next request loads the view again (it fails again here).
    await ask(el, sampling('two'));
    await waitUntil(() => refused.filter((url) => url.includes('/sampling-view.')).length === 2, 'loaded again');
    await waitUntil(() => root(el).querySelector('[role=alert]'), 'the failure is said again');
    buttonOf(el, 'Cancel').click();
    expect(heard.map(({ detail }) => detail).at(-1)).to.deep.equal({ id: 'two', answer: { action: 'cancel' } });
  });
});
