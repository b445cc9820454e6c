// Sampling requests a tool's server makes during a live call (MCP `sampling/createMessage`), in <tool-console>: the
// `request` event opens the question dialog with the conversation and its settings, the user writes the reply as the
// model, and it goes to `POST {tool}/requests/{id}` as a CreateMessageResult. The call's answer is a stream the test
// writes into, so each step is seen while the call runs.
import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { ToolConsole } from '../../elements/tool-console/tool-console.js';
import { json, type EventStreamAnswer } from './fetch-stub.js';
import {
  $,
  answers,
  backend,
  button,
  click,
  dialog,
  focused,
  isOpen,
  questionRoot,
  running,
  text,
  type,
} from './question-console.helpers.js';

const ID = 's 1/2';
const ANSWER_URL = `${location.origin}/api/tools/team%2Fask/requests/s%201%2F2`;
// A 1×1 PNG.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

const REQUEST = {
  messages: [
    { role: 'user', content: { type: 'text', text: 'What is in this picture?' } },
    { role: 'user', content: [{ type: 'image', data: PNG, mimeType: 'image/png' }] },
    { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'lookup', input: { query: 'cat', n: 2 } }] },
    {
      role: 'user',
      content: [{ type: 'tool_result', toolUseId: 't1', content: [{ type: 'text', text: 'A cat, sitting.' }] }],
    },
  ],
  systemPrompt: 'You describe pictures.',
  maxTokens: 200,
  temperature: 0.7,
  stopSequences: ['\n\n', 'END'],
  includeContext: 'thisServer',
  modelPreferences: { hints: [{ name: 'claude-3' }, { name: 'gpt' }], costPriority: 0.2, intelligencePriority: 0.9 },
  tools: [{ name: 'lookup', inputSchema: { type: 'object' } }],
  toolChoice: { mode: 'auto' },
};

/** Sends a sampling `request` event and waits for its dialog, drawn with its reply field. */
async function ask(el: ToolConsole, stream: EventStreamAnswer, params: Record<string, unknown> = REQUEST, id = ID) {
  stream.send('request', { id, kind: 'sampling', params });
  await waitUntil(() => isOpen(el) && questionRoot(el).querySelector('#reply'), 'asked');
}

const reply = (el: ToolConsole) => questionRoot(el).querySelector<HTMLTextAreaElement>('#reply')!;
const model = (el: ToolConsole) => questionRoot(el).querySelector<HTMLInputElement>('#model')!;

describe('<tool-console> sampling requests from the server', () => {
  afterEach(() => history.replaceState(null, '', location.pathname + location.search));

  it('should show the conversation and its settings in a modal dialog, with the focus in the reply', async () => {
    const { el, stream } = await running();
    await ask(el, stream);
    expect(dialog(el).matches(':modal')).to.equal(true);
    const label = questionRoot(el).getElementById(dialog(el).getAttribute('aria-labelledby')!);
    expect(text(label)).to.equal('Acme Tools asks the model for a reply');
    expect(text(questionRoot(el).querySelector('[part=system-prompt]'))).to.equal(
      'System prompt You describe pictures.',
    );
    const turns = [...questionRoot(el).querySelectorAll('.conversation > li')];
    expect(turns.map((turn) => text(turn.querySelector('.role')))).to.deep.equal(['user', 'user', 'assistant', 'user']);
    expect(text(turns[0])).to.equal('user What is in this picture?');
    // The view's styles are adopted beside the dialog's own (the page's CSP allows no inline styles).
    expect(getComputedStyle(turns[0]).borderTopStyle).to.equal('solid');
    expect(getComputedStyle(button(el, 'Accept')).fontWeight).to.equal('600');
    const img = turns[1].querySelector('img')!;
    expect([img.getAttribute('src'), img.alt]).to.deep.equal([`data:image/png;base64,${PNG}`, 'Image (image/png)']);
    await waitUntil(() => img.complete && img.naturalWidth === 1, 'the image is drawn');
    expect(text(turns[2].querySelector('.kind'))).to.equal('Tool call: lookup');
    expect(turns[2].querySelector('pre')!.textContent).to.equal('{\n  "query": "cat",\n  "n": 2\n}');
    expect(text(turns[3])).to.equal('user Tool result A cat, sitting.');
    const settings = [...questionRoot(el).querySelectorAll('.settings > div')].map((row) => [
      text(row.querySelector('dt')),
      text(row.querySelector('dd')),
    ]);
    expect(settings).to.deep.equal([
      ['Max tokens', '200'],
      ['Temperature', '0.7'],
      ['Stop sequences', '"\\n\\n", "END"'],
      ['Model hints', 'claude-3, gpt'],
      ['Priorities', 'cost 0.2 · intelligence 0.9'],
      ['Include context', 'thisServer'],
      ['Tools offered', 'lookup'],
      ['Tool choice', 'auto'],
    ]);
    expect(text(questionRoot(el).querySelector('#reply-help'))).to.equal('You can answer with text only.');
    expect(model(el).value).to.equal('human');
    expect(focused()).to.equal(reply(el));
    await expect(el).to.be.accessible();
  });

  it('should not send an empty reply, then post the reply as the model "human" with the token', async () => {
    const { el, stream } = await running();
    await ask(el, stream);
    const execute = $(el, 'tool-form')!.shadowRoot!.querySelector('[part~="execute"]');
    await type(el, reply(el), '  \n ');
    await click(el, button(el, 'Accept'));
    expect(answers()).to.deep.equal([]);
    expect(reply(el).getAttribute('aria-invalid')).to.equal('true');
    expect(text(questionRoot(el).getElementById(reply(el).getAttribute('aria-describedby')!))).to.equal(
      'Write the reply first.',
    );
    expect(focused()).to.equal(reply(el));
    await type(el, reply(el), 'A cat.\nSitting.');
    expect(questionRoot(el).querySelector('#reply-error')).to.equal(null);
    await click(el, button(el, 'Accept'));
    await waitUntil(() => !isOpen(el), 'the dialog closes once the server took the reply');
    expect(answers()).to.deep.equal([
      {
        url: ANSWER_URL,
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: 'Bearer s3cret' },
        body: {
          action: 'accept',
          result: {
            role: 'assistant',
            content: { type: 'text', text: 'A cat.\nSitting.' },
            model: 'human',
            stopReason: 'endTurn',
          },
        },
      },
    ]);
    expect(focused()).to.equal(execute);
  });

  it('should send the model name typed, and a fresh reply and model for the next request', async () => {
    const { el, stream } = await running();
    await ask(el, stream, REQUEST, 'one');
    await type(el, reply(el), 'Yes.');
    await type(el, model(el), 'me-1');
    // Enter in the model field is Accept.
    model(el).focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => answers().length === 1, 'sent');
    await waitUntil(() => !isOpen(el), 'closed');
    await ask(el, stream, { messages: [{ role: 'user', content: { type: 'text', text: 'Again?' } }] }, 'two');
    expect([reply(el).value, model(el).value]).to.deep.equal(['', 'human']);
    // No tools offered, no settings given: neither is mentioned.
    expect(questionRoot(el).querySelector('#reply-help, .settings, [part=system-prompt]')).to.equal(null);
    await type(el, reply(el), 'No.');
    await type(el, model(el), '   ');
    await click(el, button(el, 'Accept'));
    await waitUntil(() => answers().length === 2, 'sent');
    expect(
      answers().map(({ url, body }) => [url.split('/').at(-1), (body as { result: { model: string } }).result.model]),
    ).to.deep.equal([
      ['one', 'me-1'],
      ['two', 'human'],
    ]);
  });

  it('should post Decline and Cancel as they are, and Escape as Cancel', async () => {
    const { el, stream } = await running();
    await ask(el, stream, REQUEST, 'a');
    await click(el, button(el, 'Decline'));
    await waitUntil(() => !isOpen(el), 'closed after Decline');
    await ask(el, stream, REQUEST, 'b');
    await click(el, button(el, 'Cancel'));
    await waitUntil(() => !isOpen(el), 'closed after Cancel');
    await ask(el, stream, REQUEST, 'c');
    await type(el, reply(el), 'half a reply');
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => answers().length === 3 && !isOpen(el), 'closed after Escape');
    expect(answers().map(({ url, body }) => [url.split('/').at(-1), body])).to.deep.equal([
      ['a', { action: 'decline' }],
      ['b', { action: 'cancel' }],
      ['c', { action: 'cancel' }],
    ]);
  });

  it('should keep the dialog open with the server’s message on 400, and close when the server closes it', async () => {
    const { el, stream } = await running();
    await ask(el, stream);
    backend.answerWith = () => json({ error: 'The reply is longer than maxTokens allows.' }, 400);
    await type(el, reply(el), 'Far too long');
    await click(el, button(el, 'Accept'));
    await waitUntil(() => questionRoot(el).querySelector('[role=alert]'), 'the refusal is shown');
    expect(text(questionRoot(el).querySelector('[role=alert]'))).to.equal('The reply is longer than maxTokens allows.');
    expect(isOpen(el)).to.equal(true);
    expect(reply(el).value).to.equal('Far too long');
    stream.send('request-closed', { id: ID, reason: 'cancelled' });
    await waitUntil(() => !isOpen(el), 'closed by the server');
    expect(answers().length).to.equal(1);
  });

  it('should show the server’s words as text, and only allowed media types as media', async () => {
    const { el, stream } = await running();
    const hostile = '<img src=x onerror="window.pwned=1"><script>window.pwned=1</script>';
    await ask(el, stream, {
      systemPrompt: hostile,
      messages: [
        { role: 'user', content: { type: 'text', text: hostile } },
        {
          role: 'user',
          content: [
            { type: 'image', data: 'PHN2ZyBvbmxvYWQ9ImFsZXJ0KDEpIi8+', mimeType: 'image/svg+xml' },
            { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' },
            { type: 'audio', data: 'AAAA', mimeType: 'text/html' },
            { type: 'tool_use', id: 't', name: hostile, input: { html: hostile } },
            { type: 'resource', resource: { uri: 'file:///x' } },
          ],
        },
      ],
      stopSequences: [hostile],
      modelPreferences: { hints: [{ name: hostile }] },
    });
    const body = dialog(el);
    expect(body.querySelectorAll('img, script, b')).to.have.length(0);
    expect(questionRoot(el).querySelector('[part=system-prompt] .text')!.textContent).to.equal(hostile);
    expect(questionRoot(el).querySelector('.conversation .text')!.textContent).to.equal(hostile);
    expect([...body.querySelectorAll('.note')].map((note) => text(note))).to.deep.equal([
      'Image of type image/svg+xml not shown.',
      'Audio of type text/html not shown.',
      'A resource block, not shown.',
    ]);
    expect(body.querySelector('audio')!.getAttribute('src')).to.equal('data:audio/wav;base64,AAAA');
    expect(text(body.querySelector('.kind'))).to.equal(`Tool call: ${hostile}`);
    expect(text(body.querySelector('.settings'))).to.contain(hostile);
    expect((window as { pwned?: unknown }).pwned).to.equal(undefined);
  });
});
