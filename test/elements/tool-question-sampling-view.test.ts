// <tool-question> on its own, asking sampling requests (MCP `sampling/createMessage`) as an embedding page hands them
// in, read as the page reads them: the focus once the view has loaded, every media type it plays, blocks with parts
// missing, the settings given (zeros too), who asks, and nothing sent while an answer is on its way.
import { expect, waitUntil } from '@open-wc/testing';
import type { SamplingRequest } from '../../elements/api.js';
import type { OpenQuestion } from '../../elements/call/tool-call.js';
import type { ToolQuestion } from '../../elements/tool-question/tool-question.js';
import {
  ask,
  buttonNames,
  buttonOf,
  dialogOf,
  describeNode,
  focusIsOn,
  formQuestion,
  mount,
  root,
  textOf,
  typeInto,
} from './tool-question.helpers.js';

// A 1×1 PNG.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

function sampling(id: string, request: Partial<SamplingRequest> = {}): OpenQuestion {
  return {
    id,
    params: { mode: 'sampling', messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi?' }] }], ...request },
  };
}

const reply = (el: ToolQuestion) => root(el).querySelector<HTMLTextAreaElement>('#reply');
// The first request loads the view: a busy machine may take a while to serve it.
const drawn = (el: ToolQuestion) =>
  waitUntil(() => dialogOf(el).open && reply(el), 'the reply is drawn', { timeout: 3000 });
const notes = (el: ToolQuestion) => [...root(el).querySelectorAll('.conversation .note')].map((note) => textOf(note));
const settings = (el: ToolQuestion) =>
  [...root(el).querySelectorAll('.settings > div')].map((row) => [
    textOf(row.querySelector('dt')),
    textOf(row.querySelector('dd')),
  ]);

describe('<tool-question> sampling requests', () => {
  // First in the file: the view is not loaded yet when the request comes.
  it('should put the focus in the reply when a request follows a question in the open dialog', async () => {
    const { el } = await mount(formQuestion('form', { a: { type: 'string', title: 'A' } }));
    expect(dialogOf(el).open).to.equal(true);
    await ask(el, sampling('sample'));
    // While the view loads, the dialog says who asks, and nothing of a failure.
    expect([textOf(root(el).querySelector('#message')), buttonNames(el)]).to.deep.equal([
      'The server asks the model for a reply',
      [],
    ]);
    expect(describeNode(root(el).querySelector('[role=alert]'))).to.equal('nothing');
    await drawn(el);
    await waitUntil(() => focusIsOn(reply(el)) === true, 'the focus goes to the reply');
  });

  it('should open only once the reply is drawn, named by who asks', async () => {
    const { el } = await mount(undefined, { name: 'acme-mcp' });
    const seen: boolean[] = [];
    new MutationObserver(() => seen.push(dialogOf(el).open && Boolean(reply(el)))).observe(dialogOf(el), {
      attributeFilter: ['open'],
    });
    await ask(el, sampling('sample'));
    await drawn(el);
    expect(seen).to.deep.equal([true]);
    expect(focusIsOn(reply(el))).to.equal(true);
    const label = root(el).getElementById(dialogOf(el).getAttribute('aria-labelledby')!);
    expect(textOf(label)).to.equal('acme-mcp asks the model for a reply');
    expect(textOf(root(el).querySelector('.intro'))).to.equal(
      'You answer as the model: read the conversation, then write its reply.',
    );
    expect(root(el).querySelector('ol.conversation')!.getAttribute('aria-label')).to.equal('Conversation');
    // No server named: the server asks.
    el.server = undefined;
    await el.updateComplete;
    expect(textOf(root(el).querySelector('#message'))).to.equal('The server asks the model for a reply');
  });

  it('should show every image and audio type it plays, however the type is spelled, and name the rest', async () => {
    const { el } = await mount(
      sampling('media', {
        messages: [
          {
            role: 'user',
            content: [
              ...['image/jpeg', 'image/gif', 'image/webp', ' IMAGE/PNG '].map((mimeType) => ({
                type: 'image',
                data: PNG,
                mimeType,
              })),
              ...['audio/mpeg', 'audio/ogg', 'audio/webm'].map((mimeType) => ({
                type: 'audio',
                data: 'AAAA',
                mimeType,
              })),
              { type: 'image', data: PNG },
              { type: 'audio', data: 'AAAA', mimeType: 'audio/flac' },
              { type: 'image', data: 'not base64!', mimeType: 'image/png' },
            ],
          },
        ],
      }),
    );
    await drawn(el);
    expect(
      [...root(el).querySelectorAll('.conversation img')].map((img) => [
        img.getAttribute('alt'),
        img.getAttribute('src'),
      ]),
    ).to.deep.equal([
      ['Image (image/jpeg)', `data:image/jpeg;base64,${PNG}`],
      ['Image (image/gif)', `data:image/gif;base64,${PNG}`],
      ['Image (image/webp)', `data:image/webp;base64,${PNG}`],
      ['Image (image/png)', `data:image/png;base64,${PNG}`],
    ]);
    expect(
      [...root(el).querySelectorAll('.conversation audio')].map((audio) => [
        audio.getAttribute('aria-label'),
        audio.getAttribute('src'),
        audio.hasAttribute('controls'),
      ]),
    ).to.deep.equal([
      ['Audio (audio/mpeg)', 'data:audio/mpeg;base64,AAAA', true],
      ['Audio (audio/ogg)', 'data:audio/ogg;base64,AAAA', true],
      ['Audio (audio/webm)', 'data:audio/webm;base64,AAAA', true],
    ]);
    expect(notes(el)).to.deep.equal([
      'Image of type (none) not shown.',
      'Audio of type audio/flac not shown.',
      'Image of type image/png not shown.',
    ]);
  });

  it('should show blocks with parts missing as empty, and of a tool result its text alone', async () => {
    const { el } = await mount(
      sampling('blocks', {
        messages: [
          { role: 'user', content: [{ type: 'text' }] },
          { role: 'assistant', content: [{ type: 'tool_use', id: 't1' }] },
          {
            role: 'user',
            content: [
              {
                type: 'tool_result',
                toolUseId: 't1',
                isError: true,
                content: [
                  null,
                  { type: 'image', data: PNG, mimeType: 'image/png' },
                  { type: 'text', text: 'It broke.' },
                ],
              },
              { type: 'tool_result', toolUseId: 't1', isError: 'yes', content: { type: 'text', text: 'Not a list.' } },
            ],
          },
        ],
      }),
    );
    await drawn(el);
    const turns = [...root(el).querySelectorAll('.conversation > li')];
    expect(turns[0].querySelector('.text')!.textContent).to.equal('');
    expect(textOf(turns[1].querySelector('.kind'))).to.equal('Tool call:');
    expect(turns[1].querySelector('pre')!.textContent).to.equal('null');
    expect([...turns[2].querySelectorAll('.kind, .text')].map((line) => textOf(line))).to.deep.equal([
      'Tool result (an error)',
      'It broke.',
      'Tool result',
    ]);
    expect(describeNode(turns[2].querySelector('img'))).to.equal('nothing');
  });

  it('should list the settings given, zeros included, the priorities in a fixed order', async () => {
    const { el } = await mount(
      sampling('settings', {
        temperature: 0,
        intelligencePriority: 1,
        speedPriority: 0,
        costPriority: 0.5,
        tools: [],
        stopSequences: [],
      }),
    );
    await drawn(el);
    expect(settings(el)).to.deep.equal([
      ['Temperature', '0'],
      ['Priorities', 'cost 0.5 · speed 0 · intelligence 1'],
    ]);
    // An empty list of tools offers none: no word about answering with text only.
    expect(describeNode(root(el).querySelector('#reply-help'))).to.equal('nothing');
    expect(reply(el)!.hasAttribute('aria-describedby')).to.equal(false);
    await ask(el, sampling('one', { speedPriority: 0.25, tools: ['lookup', 'search'] }));
    await waitUntil(() => settings(el).length === 2, 'the next request’s settings');
    expect(settings(el)).to.deep.equal([
      ['Priorities', 'speed 0.25'],
      ['Tools offered', 'lookup, search'],
    ]);
    expect(reply(el)!.getAttribute('aria-describedby')).to.equal('reply-help');
    expect(textOf(root(el).getElementById('reply-help'))).to.equal('You can answer with text only.');
  });

  it('should send nothing while an answer is on its way, nor say the empty reply is wrong', async () => {
    const question = sampling('busy');
    const { el, heard } = await mount(question);
    await drawn(el);
    await ask(el, { ...question, sending: true });
    buttonOf(el, 'Accept').click();
    await el.updateComplete;
    expect(reply(el)!.getAttribute('aria-invalid')).to.equal('false');
    expect(describeNode(root(el).querySelector('#reply-error'))).to.equal('nothing');
    await typeInto(el, reply(el)!, 'Hello.');
    buttonOf(el, 'Accept').click();
    expect(heard).to.deep.equal([]);
    // Back, refused: the reply typed goes out.
    await ask(el, { ...question, problem: 'Unauthorized' });
    buttonOf(el, 'Accept').click();
    expect(heard.map(({ detail }) => detail)).to.deep.equal([
      {
        id: 'busy',
        answer: {
          action: 'accept',
          result: {
            role: 'assistant',
            content: { type: 'text', text: 'Hello.' },
            model: 'human',
            stopReason: 'endTurn',
          },
        },
      },
    ]);
  });
});
