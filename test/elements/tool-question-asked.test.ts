// The questions a streamed request other than a tool call asks (tool-question/asked-questions.ts), seen through
// <prompt-view> while a prompt being got asks them: one dialog per question in the order asked, what each answer's
// status leaves on screen, and the answers let go of when the get ends or the element leaves the page.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../elements/prompt-view/prompt-view.js';
import type { PromptView } from '../../elements/prompt-view/prompt-view.js';
import { $, backend } from './content.helpers.js';
import { eventStream, json, stubFetch, type EventStreamAnswer, type FetchCall } from './fetch-stub.js';
import { textOf } from './tool-question.helpers.js';
import { recordingOpens } from './window-open.js';

const form = (message: string) => ({
  mode: 'form',
  message,
  requestedSchema: { type: 'object', properties: { name: { type: 'string', title: 'Name' } } },
});
const SIGN_IN = { mode: 'url', message: 'Sign in', url: 'https://example.com/in', elicitationId: 'e1' };

const noContent = () => new Response(null, { status: 204 });

interface Getting {
  el: PromptView;
  stream: EventStreamAnswer;
  /** The answers posted so far, in order. */
  sent: () => FetchCall[];
  /** Sets how the next answers are answered. */
  answerWith: (answer: (call: FetchCall) => Response | Promise<Response>) => void;
}

/** A <prompt-view> whose get streams (the test writes its events), Get pressed. */
async function getting(): Promise<Getting> {
  let stream = eventStream();
  let answer: (call: FetchCall) => Response | Promise<Response> = noContent;
  const { calls } = stubFetch((call) => {
    if (!call.url.endsWith('/get')) return answer(call);
    const response = stream.response;
    stream = eventStream();
    return response;
  });
  const { catalog } = backend();
  const el = await fixture<PromptView>(
    html`<prompt-view .catalog=${catalog} .prompt=${{ name: 'ask', arguments: [] }}></prompt-view>`,
  );
  const current = stream;
  $(el, '[part=get]')!.click();
  return {
    el,
    stream: current,
    sent: () => calls.filter((call) => call.url.includes('/requests/')),
    answerWith: (next) => void (answer = next),
  };
}

const question = (el: PromptView) => $(el, 'tool-question')!.shadowRoot!;
const isOpen = (el: PromptView) => question(el).querySelector('dialog')?.open === true;
const shown = (el: PromptView) => (isOpen(el) ? textOf(question(el).querySelector('#message')) : 'closed');
const alert = (el: PromptView) => textOf(question(el).querySelector('[role=alert]'));
const notice = (el: PromptView) => textOf($(el, 'p.status[role=status]'));
const press = (el: PromptView, name: string) =>
  [...question(el).querySelectorAll('button')].find((b) => textOf(b)?.startsWith(name))!.click();
const answered = (calls: FetchCall[]) => calls.map((call) => [call.url.split('/').at(-1), call.body]);

/** An answer held back until the test lets it go. */
function heldAnswer(): { answer: () => Promise<Response>; release: (response: Response) => void } {
  let release!: (response: Response) => void;
  const response = new Promise<Response>((resolve) => (release = resolve));
  return { answer: () => response, release };
}

describe('<prompt-view> questions, one at a time', () => {
  it('should ask a question sent twice once, then the next in order, and close one the server closes', async () => {
    const { el, stream, sent } = await getting();
    stream.send('request', { id: 'q1', kind: 'elicitation', params: form('First?') });
    stream.send('request', { id: 'q1', kind: 'elicitation', params: form('First?') });
    stream.send('request', { id: 'q2', kind: 'elicitation', params: form('Second?') });
    await waitUntil(() => shown(el) === 'First?', 'the first question is asked');
    press(el, 'Decline');
    await waitUntil(() => shown(el) === 'Second?', 'the second question follows');
    stream.send('request-closed', { id: 'q2', reason: 'cancelled' });
    await waitUntil(() => shown(el) === 'closed', 'closed by the server');
    expect(answered(sent())).to.deep.equal([['q1', { action: 'decline' }]]);
  });

  it('should say why an answer was not taken, clear it while the next goes, and close on 409 with no word', async () => {
    const { el, stream, sent, answerWith } = await getting();
    stream.send('request', { id: 'q', kind: 'elicitation', params: form('Who?') });
    await waitUntil(() => isOpen(el), 'asked');
    answerWith(() => json({ error: 'The server is overloaded.' }, 503));
    press(el, 'Accept');
    await waitUntil(() => alert(el) === 'The server is overloaded.', 'the refusal is said');
    // The next try: the old refusal goes as it leaves, and the dialog says it is sending.
    const held = heldAnswer();
    answerWith(held.answer);
    press(el, 'Decline');
    await waitUntil(() => textOf(question(el).querySelector('.actions .status')) === 'Sending…', 'sending');
    expect(alert(el)).to.equal(undefined);
    held.release(json({ error: 'wrong' }, 500));
    await waitUntil(() => alert(el) === 'wrong', 'the next refusal is said');
    // No answer at all: the message says what to do.
    answerWith(() => Promise.reject(new TypeError('Failed to fetch')));
    press(el, 'Cancel');
    await waitUntil(
      () => alert(el) === 'The answer did not reach the server. Check the connection and try again.',
      'the network failure is said',
    );
    // The server's field errors (400) at the field, its message above the buttons.
    answerWith(() =>
      json({ error: 'Not on the list.', errors: [{ path: '/name', keyword: 'enum', message: 'must be Ada' }] }, 400),
    );
    press(el, 'Accept');
    await waitUntil(() => alert(el) === 'Not on the list.', 'the 400 is said');
    expect(textOf(question(el).querySelector('[part~=field] .error'))).to.equal('must be Ada');
    expect(isOpen(el)).to.equal(true);
    answerWith(() => json({ error: 'This request was already answered.' }, 409));
    press(el, 'Accept');
    await waitUntil(() => !isOpen(el), 'closed on 409');
    expect(notice(el)).to.equal(undefined);
    expect(sent().length).to.equal(5);
  });

  it('should clear the word of a question no longer waited for on a 409, and when the next get starts', async () => {
    const { el, stream, answerWith } = await getting();
    stream.send('request', { id: 'a', kind: 'elicitation', params: form('A?') });
    stream.send('request', { id: 'b', kind: 'elicitation', params: form('B?') });
    answerWith(() => json({ error: 'Gone.' }, 404));
    await waitUntil(() => shown(el) === 'A?', 'asked');
    press(el, 'Decline');
    await waitUntil(() => notice(el) === 'The server no longer waits for that answer: Gone.', 'the 404 is said');
    await waitUntil(() => shown(el) === 'B?', 'the next question');
    answerWith(() => json({ error: 'Taken.' }, 409));
    press(el, 'Decline');
    await waitUntil(() => shown(el) === 'closed', 'closed on 409');
    expect(notice(el)).to.equal(undefined);
    // A 404 again, then the get ends and a new one starts: the word goes with the new get.
    stream.send('request', { id: 'c', kind: 'elicitation', params: form('C?') });
    answerWith(() => json({ error: 'Gone again.' }, 404));
    await waitUntil(() => shown(el) === 'C?', 'asked');
    press(el, 'Decline');
    await waitUntil(() => notice(el) === 'The server no longer waits for that answer: Gone again.', 'said');
    stream.send('result', { status: 200, result: { messages: [] } });
    stream.close();
    await waitUntil(() => $(el, '[part=messages]'), 'the get ends');
    expect(notice(el)).to.equal('The server no longer waits for that answer: Gone again.');
    $(el, '[part=get]')!.click();
    await waitUntil(() => notice(el) === undefined, 'the word goes with the next get');
  });

  it('should close a URL question declined, and keep one accepted until its server is done', async () => {
    await recordingOpens(async () => {
      const { el, stream, sent } = await getting();
      stream.send('request', { id: 'u1', kind: 'elicitation', params: SIGN_IN });
      await waitUntil(() => isOpen(el), 'asked');
      press(el, 'Decline');
      await waitUntil(() => !isOpen(el), 'closed after Decline');
      stream.send('request', { id: 'u2', kind: 'elicitation', params: SIGN_IN });
      await waitUntil(() => isOpen(el), 'asked again');
      press(el, 'Open');
      await waitUntil(() => question(el).querySelector('[role=status]'), 'it waits for the server');
      expect(isOpen(el)).to.equal(true);
      expect(answered(sent())).to.deep.equal([
        ['u1', { action: 'decline' }],
        ['u2', { action: 'accept' }],
      ]);
    });
  });

  it('should let go of an answer on its way when the get ends, saying nothing of it', async () => {
    const { el, stream, sent, answerWith } = await getting();
    stream.send('request', { id: 'q', kind: 'elicitation', params: form('Who?') });
    await waitUntil(() => isOpen(el), 'asked');
    const held = heldAnswer();
    answerWith(held.answer);
    press(el, 'Decline');
    await waitUntil(() => sent().length === 1, 'sent');
    stream.send('result', { status: 200, result: { messages: [] } });
    stream.close();
    await waitUntil(() => $(el, '[part=messages]'), 'the get ends');
    await waitUntil(() => sent()[0].signal?.aborted, 'the answer is let go of');
    await waitUntil(() => !isOpen(el), 'its question closes');
    held.release(json({ error: 'Gone.' }, 404));
    await el.updateComplete;
    expect([notice(el), alert(el)]).to.deep.equal([undefined, undefined]);
  });

  it('should let go of an answer on its way when the element leaves the page', async () => {
    const { el, stream, sent, answerWith } = await getting();
    stream.send('request', { id: 'q', kind: 'elicitation', params: form('Who?') });
    await waitUntil(() => isOpen(el), 'asked');
    answerWith(heldAnswer().answer);
    press(el, 'Accept');
    await waitUntil(() => sent().length === 1, 'sent');
    el.remove();
    expect(sent()[0].signal?.aborted).to.equal(true);
  });
});
