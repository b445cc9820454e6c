// <prompt-view>'s states around the form: nothing chosen, loading, the heading and name, Get while the messages are on
// their way, a message's role, and what survives when the prompt is replaced (the typed values stay for the same
// prompt, go for another).
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import type { GetPromptResult, PromptSummary } from '../../elements/api.js';
import '../../elements/prompt-view/prompt-view.js';
import type { PromptView } from '../../elements/prompt-view/prompt-view.js';
import { $, $$, backend } from './content.helpers.js';
import { json, stubFetch, type FetchAnswer, type FetchCall } from './fetch-stub.js';

const PROMPT: PromptSummary = { name: 'greet', arguments: [{ name: 'who' }] };

async function show(prompt: PromptSummary | undefined, answer: FetchAnswer, completions = false): Promise<PromptView> {
  stubFetch(answer);
  const { catalog } = backend();
  return fixture<PromptView>(
    html`<prompt-view .catalog=${catalog} .prompt=${prompt} ?completions=${completions}></prompt-view>`,
  );
}

function type(el: PromptView, name: string, value: string): void {
  const input = $$(el, 'input').find((i) => i.getAttribute('name') === name) as HTMLInputElement;
  input.value = value;
  input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
}

const getButton = (el: PromptView) => $(el, '[part=get]') as HTMLButtonElement;
const text = (node: Element | null) => node?.textContent!.replace(/\s+/g, ' ').trim() ?? '';
const messages = (result: Partial<GetPromptResult>) => json({ messages: [], ...result });

describe('<prompt-view> states', () => {
  it('should say no prompt is chosen when it has none', async () => {
    const el = await show(undefined, () => json({}));
    expect(text($(el, 'p.status'))).to.equal('No prompt chosen.');
    expect($(el, 'form') === null).to.equal(true);
  });

  it('should say it is loading a prompt given by name until its detail comes', async () => {
    let answer!: (response: Response) => void;
    const el = await show({ name: 'slow' }, () => new Promise<Response>((resolve) => (answer = resolve)));
    await waitUntil(() => $(el, '[role=status]'), 'no loading text');
    expect(text($(el, '[role=status]'))).to.equal('Loading slow…');
    answer(json({ name: 'slow', title: 'Slow one', description: 'Takes a while', arguments: [] }));
    await waitUntil(() => $(el, 'form'), 'the prompt never showed');
    expect(text($(el, 'h3'))).to.equal('Slow one');
    expect(text($(el, 'code.name'))).to.equal('slow');
    expect(text($(el, 'p.description'))).to.equal('Takes a while');
    expect(text($(el, 'form .hint'))).to.equal('This prompt takes no arguments.');
  });

  it('should head a prompt by its name alone when it has no other title, and skip arguments without a name', async () => {
    const el = await show(
      { name: 'plain', title: 'plain', arguments: [{ name: 'a' }, { title: 'nameless' } as never, null as never] },
      () => json({}),
    );
    expect(text($(el, 'h3'))).to.equal('plain');
    expect($(el, 'code.name') === null).to.equal(true);
    expect($(el, 'p.description') === null).to.equal(true);
    expect($$(el, 'input').map((input) => input.getAttribute('name'))).to.deep.equal(['a']);
    expect($(el, 'form .hint') === null).to.equal(true);
  });

  it('should show Getting… on a disabled button while the messages are on their way, then Get again', async () => {
    let answer!: (response: Response) => void;
    const el = await show(PROMPT, () => new Promise<Response>((resolve) => (answer = resolve)));
    expect([text(getButton(el)), getButton(el).disabled]).to.deep.equal(['Get', false]);
    getButton(el).click();
    await waitUntil(() => getButton(el).disabled, 'the button never showed the wait');
    expect(text(getButton(el))).to.equal('Getting…');
    answer(messages({ messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }] }));
    await waitUntil(() => $(el, '[part=messages]'), 'the messages never came');
    expect([text(getButton(el)), getButton(el).disabled]).to.deep.equal(['Get', false]);
  });

  it("should show each message's role, an assistant's set apart, and one without a role as unknown", async () => {
    const el = await show(PROMPT, () =>
      messages({
        messages: [
          { role: 'assistant', content: { type: 'text', text: 'a' } },
          { role: 'user', content: { type: 'text', text: 'b' } },
          { role: 7, content: { type: 'text', text: 'c' } } as never,
        ],
      }),
    );
    getButton(el).click();
    await waitUntil(() => $(el, '[part=messages]'), 'the messages never came');
    expect(
      $$(el, '[part=message]').map((m) => [text(m.querySelector('[part=role]')), m.classList.contains('assistant')]),
    ).to.deep.equal([
      ['assistant', true],
      ['user', false],
      ['unknown', false],
    ]);
  });

  it('should keep what was typed when the same prompt comes again, and clear it for another', async () => {
    const calls: FetchCall[] = [];
    const el = await show(PROMPT, (call) => (calls.push(call), messages({})));
    type(el, 'who', 'Ada');
    el.prompt = { ...PROMPT, description: 'Greets someone' };
    await el.updateComplete;
    await waitUntil(() => $(el, 'p.description'), 'the prompt never came again');
    expect(($(el, 'input') as HTMLInputElement).value).to.equal('Ada');
    getButton(el).click();
    await waitUntil(() => $(el, '[part=messages]'), 'the messages never came');
    expect(calls.map((call) => call.body)).to.deep.equal([{ arguments: { who: 'Ada' } }]);
    el.prompt = { name: 'other', arguments: [{ name: 'who' }] };
    await el.updateComplete;
    await waitUntil(() => $(el, 'input'), 'the other prompt never showed');
    expect(($(el, 'input') as HTMLInputElement).value).to.equal('');
    expect($(el, '[part=messages]') === null).to.equal(true);
    getButton(el).click();
    await waitUntil(() => $(el, '[part=messages]'), 'the messages never came');
    expect(calls.map((call) => [call.url, call.body])).to.deep.equal([
      ['http://h/prompts/greet/get', { arguments: { who: 'Ada' } }],
      ['http://h/prompts/other/get', { arguments: {} }],
    ]);
  });

  it('should neither send an argument typed and then cleared, nor give it or the one typed in as context', async () => {
    const calls: FetchCall[] = [];
    const el = await show(
      { name: 'pair', arguments: [{ name: 'a' }, { name: 'b' }] },
      (call) => (
        calls.push(call),
        call.url.endsWith('/completion') ? json({ completion: { values: ['y1'] } }) : messages({})
      ),
      true,
    );
    type(el, 'a', 'x');
    type(el, 'a', '');
    type(el, 'b', 'y');
    await waitUntil(() => calls.length === 1, 'no suggestions were asked for');
    expect(calls[0].body).to.deep.equal({
      ref: { type: 'ref/prompt', name: 'pair' },
      argument: { name: 'b', value: 'y' },
    });
    getButton(el).click();
    await waitUntil(() => $(el, '[part=messages]'), 'the messages never came');
    expect(calls[1].body).to.deep.equal({ arguments: { b: 'y' } });
  });

  it('should do nothing on Get without a backend', async () => {
    const el = await fixture<PromptView>(html`<prompt-view .prompt=${{ name: 'p', arguments: [] }}></prompt-view>`);
    getButton(el).click();
    await el.updateComplete;
    expect([text(getButton(el)), getButton(el).disabled]).to.deep.equal(['Get', false]);
    expect($(el, '[part=messages], [role=alert]') === null).to.equal(true);
  });

  it("should set an assistant's message apart from a user's, and show each role in capitals", async () => {
    const el = await show(PROMPT, () =>
      messages({
        messages: [
          { role: 'assistant', content: { type: 'text', text: 'a' } },
          { role: 'user', content: { type: 'text', text: 'b' } },
        ],
      }),
    );
    getButton(el).click();
    await waitUntil(() => $(el, '[part=messages]'), 'the messages never came');
    const [assistant, user] = $$(el, '[part=message]');
    expect(getComputedStyle(assistant).backgroundColor).to.not.equal(getComputedStyle(user).backgroundColor);
    expect(getComputedStyle(assistant.querySelector('[part=role]')!).textTransform).to.equal('uppercase');
  });

  it('should show a message that is not one, or whose content is not, and draw an embedded resource only when it is one', async () => {
    const el = await show(PROMPT, () =>
      messages({
        messages: [
          null,
          { role: 'user', content: null },
          {
            role: 'user',
            content: { type: 'text', text: 'plain text', resource: { uri: 'test://r', text: 'not this' } },
          },
          {
            role: 'user',
            content: { type: 'resource', resource: { uri: 'test://doc', mimeType: 'text/plain', text: 'doc' } },
          },
        ] as never,
      }),
    );
    getButton(el).click();
    await waitUntil(() => $(el, '[part=messages]'), 'the messages never came');
    const shown = $$(el, '[part=message]');
    expect(shown.map((m) => text(m.querySelector('[part=role]')))).to.deep.equal(['unknown', 'user', 'user', 'user']);
    expect(text(shown[2].querySelector('.message-content'))).to.contain('plain text');
    expect(text(shown[2].querySelector('.message-content'))).to.not.contain('not this');
    expect(text(shown[3].querySelector('.message-content'))).to.contain('doc');
  });
});
