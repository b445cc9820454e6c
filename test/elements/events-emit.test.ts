// The elements' events as a host page hears them: named `tool-*`, bubbling out of shadow roots to the document, with
// their detail, and cancelable only when asked (then `emit` tells the element it was cancelled).
import { expect } from '@open-wc/testing';
import { emit } from '../../elements/events.js';

/** A target inside a shadow root inside the document, as an element's button is. */
function shadowTarget(): { target: HTMLElement; host: HTMLElement } {
  const host = document.createElement('div');
  document.body.append(host);
  const target = document.createElement('button');
  host.attachShadow({ mode: 'open' }).append(target);
  return { target, host };
}

describe('emit', () => {
  it('should reach the document through the shadow root with its name and detail, not cancelable', async () => {
    const { target, host } = shadowTarget();
    const heard: CustomEvent[] = [];
    const listener = (event: Event) => {
      heard.push(event as CustomEvent);
      event.preventDefault();
    };
    document.addEventListener('tool-select', listener);
    try {
      expect(emit(target, 'tool-select', { name: 'add' })).to.equal(true);
    } finally {
      document.removeEventListener('tool-select', listener);
      host.remove();
    }
    expect(
      heard.map((event) => [event.type, event.detail, event.bubbles, event.composed, event.cancelable]),
    ).to.deep.equal([['tool-select', { name: 'add' }, true, true, false]]);
    // Outside the shadow root, the event seems to come from its host.
    expect(heard[0].target).to.equal(host);
  });

  it('should say a cancelable event was cancelled, and that one nobody cancelled was not', () => {
    const { target, host } = shadowTarget();
    const detail = { name: 'add', arguments: { a: 1 } };
    try {
      expect(emit(target, 'tool-call-start', detail, { cancelable: true })).to.equal(true);
      host.addEventListener('tool-call-start', (event) => event.preventDefault(), { once: true });
      expect(emit(target, 'tool-call-start', detail, { cancelable: true })).to.equal(false);
      host.addEventListener('tool-call-start', (event) => event.preventDefault(), { once: true });
      expect(emit(target, 'tool-call-start', detail, {})).to.equal(true);
    } finally {
      host.remove();
    }
  });
});
