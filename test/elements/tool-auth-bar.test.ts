import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import '../../elements/tool-auth-bar/tool-auth-bar.js';
import type { ToolAuthBar } from '../../elements/tool-auth-bar/tool-auth-bar.js';

async function bar(): Promise<ToolAuthBar> {
  const el = await fixture<ToolAuthBar>(html`<tool-auth-bar></tool-auth-bar>`);
  await el.updateComplete;
  return el;
}

const input = (el: ToolAuthBar) => el.shadowRoot!.querySelector<HTMLInputElement>('[part=input]')!;
const toggle = (el: ToolAuthBar) => el.shadowRoot!.querySelector<HTMLButtonElement>('[part=toggle]')!;

describe('<tool-auth-bar>', () => {
  it('should offer a password field labelled "Bearer token" that autofill and spellcheck leave alone', async () => {
    const el = await bar();
    const field = input(el);
    expect(field.type).to.equal('password');
    expect(field.labels![0].textContent).to.equal('Bearer token');
    expect(field.autocomplete).to.equal('off');
    expect(field.getAttribute('spellcheck')).to.equal('false');
    expect(field.value).to.equal('');
  });

  it('should fire tool-token-change with the token as typed, bubbling out of its shadow root', async () => {
    const el = await bar();
    const changed = oneEvent(el, 'tool-token-change');
    input(el).value = 's3cret';
    input(el).dispatchEvent(new Event('input'));
    const event = await changed;
    expect(event.detail).to.deep.equal({ token: 's3cret' });
    expect(event.bubbles && event.composed).to.equal(true);
    expect(el.token).to.equal('s3cret');
  });

  it('should keep the token out of every attribute', async () => {
    const el = await bar();
    input(el).value = 'tok_9f1c';
    input(el).dispatchEvent(new Event('input'));
    el.token = 'tok_from_property';
    await el.updateComplete;
    expect(input(el).value).to.equal('tok_from_property');
    const attributes = [el, ...el.shadowRoot!.querySelectorAll('*')].flatMap((node) =>
      [...node.attributes].map((a) => a.value),
    );
    expect(attributes.join(' ')).not.to.contain('tok_');
  });

  it('should show and hide the token with its toggle', async () => {
    const el = await bar();
    expect(toggle(el).textContent!.trim()).to.equal('Show');
    expect(toggle(el).getAttribute('aria-pressed')).to.equal('false');
    toggle(el).click();
    await el.updateComplete;
    expect(input(el).type).to.equal('text');
    expect(toggle(el).textContent!.trim()).to.equal('Hide');
    expect(toggle(el).getAttribute('aria-pressed')).to.equal('true');
    toggle(el).click();
    await el.updateComplete;
    expect(input(el).type).to.equal('password');
  });

  it('should be accessible', async () => {
    const el = await bar();
    await expect(el).to.be.accessible();
  });
});
