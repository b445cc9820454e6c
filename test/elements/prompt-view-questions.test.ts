// <prompt-view> while a prompt being got asks questions: the word shown when the server no longer waits for an
// answer, a URL question closed by the user once it only waits for its server, and the questions closed with the get.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../elements/prompt-view/prompt-view.js';
import type { PromptView } from '../../elements/prompt-view/prompt-view.js';
import { $, $$, backend } from './content.helpers.js';
import { eventStream, json, stubFetch, type EventStreamAnswer, type FetchCall } from './fetch-stub.js';
import { recordingOpens } from './window-open.js';

const FORM = {
  mode: 'form',
  message: 'Who?',
  requestedSchema: { type: 'object', properties: { name: { type: 'string', title: 'Name' } } },
};
const URL_QUESTION = { mode: 'url', message: 'Sign in', url: 'https://example.com/in', elicitationId: 'e1' };

/** A prompt whose get streams (the test writes its events) and whose answers get `answer`'s reply. */
async function asking(answer: (call: FetchCall) => Response): Promise<{ el: PromptView; stream: EventStreamAnswer }> {
  const stream = eventStream();
  stubFetch((call) => (call.url.endsWith('/get') ? stream.response : answer(call)));
  const { catalog } = backend();
  const el = await fixture<PromptView>(
    html`<prompt-view .catalog=${catalog} .prompt=${{ name: 'ask', arguments: [] }}></prompt-view>`,
  );
  $(el, '[part=get]')!.click();
  return { el, stream };
}

const question = (el: PromptView) => $(el, 'tool-question')!.shadowRoot!;
const dialogOpen = (el: PromptView) => question(el).querySelector('dialog')?.open === true;
const button = (el: PromptView, text: string) =>
  [...question(el).querySelectorAll('button')].find((b) => b.textContent!.trim().startsWith(text)) as HTMLElement;

describe('<prompt-view> questions', () => {
  it('should say so when the server no longer waits for the answer', async () => {
    const { el, stream } = await asking(() => json({ error: 'No such question' }, 404));
    stream.send('request', { id: 'q1', kind: 'elicitation', params: FORM });
    await waitUntil(() => dialogOpen(el), 'the question never showed');
    button(el, 'Decline').click();
    await waitUntil(() => $(el, 'p.status[role=status]'), 'no word of the answer');
    expect($(el, 'p.status[role=status]')!.textContent).to.equal(
      'The server no longer waits for that answer: No such question',
    );
    expect(dialogOpen(el)).to.equal(false);
  });

  it('should close a URL question the user closes once it only waits for its server', async () => {
    await recordingOpens(async () => {
      const { el, stream } = await asking(() => new Response(null, { status: 204 }));
      stream.send('request', { id: 'u1', kind: 'elicitation', params: URL_QUESTION });
      await waitUntil(() => dialogOpen(el), 'the question never showed');
      button(el, 'Open').click();
      await waitUntil(() => button(el, 'Close'), 'the question never waited');
      button(el, 'Close').click();
      await waitUntil(() => !dialogOpen(el), 'the question stayed open');
      expect($$(el, '[part=messages]').length).to.equal(0);
    });
  });

  it('should close the questions still open when the get ends', async () => {
    const { el, stream } = await asking(() => new Response(null, { status: 204 }));
    stream.send('request', { id: 'q1', kind: 'elicitation', params: FORM });
    await waitUntil(() => dialogOpen(el), 'the question never showed');
    stream.send('result', {
      status: 200,
      result: { messages: [{ role: 'user', content: { type: 'text', text: 'done' } }] },
    });
    stream.close();
    await waitUntil(() => $(el, '[part=messages]'), 'the messages never came');
    await waitUntil(() => !dialogOpen(el), 'the question stayed open after the get');
  });

  it('should say no prompt is chosen when the prompt is taken away', async () => {
    stubFetch(() => json({ messages: [] }));
    const { catalog } = backend();
    const el = await fixture<PromptView>(
      html`<prompt-view .catalog=${catalog} .prompt=${{ name: 'p', arguments: [] }}></prompt-view>`,
    );
    el.prompt = undefined;
    await el.updateComplete;
    expect($(el, 'p.status')!.textContent).to.equal('No prompt chosen.');
  });
});
