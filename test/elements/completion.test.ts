// The argument fields with server-side completion (elements/completion/), seen through <prompt-view>, the element a
// person types into: the field's label, hint and described-by, suggestions as options, at most 100 of them, why there
// are none when asking failed, one question at a time (a newer one aborts the older, whose answer is then dropped),
// and nothing asked once the view is gone.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import type { PromptSummary } from '../../elements/api.js';
import '../../elements/prompt-view/prompt-view.js';
import type { PromptView } from '../../elements/prompt-view/prompt-view.js';
import { $, $$, backend } from './content.helpers.js';
import { json, stubFetch, type FetchAnswer, type FetchCall } from './fetch-stub.js';

const PROMPT: PromptSummary = {
  name: 'greet',
  arguments: [
    { name: 'city', title: 'City', description: 'Where to greet', required: true },
    { name: 'style', required: false },
  ],
};

async function show(
  answer: FetchAnswer,
  prompt: PromptSummary = PROMPT,
): Promise<{ el: PromptView; calls: FetchCall[] }> {
  const { calls } = stubFetch(answer);
  const { catalog } = backend();
  const el = await fixture<PromptView>(
    html`<prompt-view .catalog=${catalog} .prompt=${prompt} completions></prompt-view>`,
  );
  await waitUntil(() => $(el, 'form'), 'the prompt never showed');
  return { el, calls };
}

function type(el: PromptView, name: string, value: string): void {
  const input = $$(el, 'input').find((i) => i.getAttribute('name') === name) as HTMLInputElement;
  input.value = value;
  input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
}

const field = (el: PromptView, name: string) =>
  $$(el, '[part=field]').find((f) => f.querySelector('input')!.getAttribute('name') === name)!;
const options = (el: PromptView, name: string) =>
  [...field(el, name).querySelectorAll('datalist option')].map((option) => (option as HTMLOptionElement).value);
/** The line under a field that says why it has no suggestions; '' when there is none. */
const problem = (el: PromptView, name: string) => field(el, name).querySelector('datalist ~ .hint')?.textContent ?? '';
const suggest = (values: unknown[]) => json({ completion: { values } });

/** A request never sent has no event to await: this waits out the controller's pause (250 ms) and a little more. */
const pastThePause = () => new Promise((resolve) => setTimeout(resolve, 400));

describe('argument fields with completion', () => {
  it('should label each field, mark a required one, and tie its description to the input', async () => {
    const { el } = await show(() => suggest([]));
    const [city, style] = [field(el, 'city'), field(el, 'style')];
    expect(city.querySelector('label')!.textContent!.replace(/\s+/g, ' ').trim()).to.equal('City * city');
    expect(city.querySelector('.required')!.getAttribute('aria-hidden')).to.equal('true');
    const input = city.querySelector('input')!;
    expect(input.id).to.equal(city.querySelector('label')!.htmlFor);
    expect(input.labels![0].textContent).to.contain('City');
    expect(input.required).to.equal(true);
    expect(input.autocomplete).to.equal('off');
    const described = el.shadowRoot!.getElementById(input.getAttribute('aria-describedby')!)!;
    expect(described.textContent).to.equal('Where to greet');
    expect(input.list!.id).to.equal(`${input.id}-suggestions`);
    // No title, no description: the name alone, no hint, nothing to describe it.
    expect(style.querySelector('label')!.textContent!.replace(/\s+/g, ' ').trim()).to.equal('style');
    expect(style.querySelector('.required, code, .hint') === null).to.equal(true);
    expect(style.querySelector('input')!.hasAttribute('aria-describedby')).to.equal(false);
    expect(style.querySelector('input')!.required).to.equal(false);
    expect(style.querySelector('input')!.list!.id).to.not.equal(input.list!.id);
    // The label stands out from its hint, and the required mark from the label.
    const label = city.querySelector('label')!;
    expect(getComputedStyle(label).fontWeight).to.not.equal(getComputedStyle(city.querySelector('.hint')!).fontWeight);
    expect(getComputedStyle(city.querySelector('.required')!).color).to.not.equal(getComputedStyle(label).color);
    await expect(el).to.be.accessible();
  });

  it('should offer what the backend suggests, asking with no context when no other argument is given', async () => {
    const { el, calls } = await show(() => suggest(['Paris', 'Perth']));
    type(el, 'city', 'P');
    await waitUntil(() => options(el, 'city').length, 'no suggestions came');
    expect(options(el, 'city')).to.deep.equal(['Paris', 'Perth']);
    expect(options(el, 'style')).to.deep.equal([]);
    expect(calls.map((call) => call.body)).to.deep.equal([
      { ref: { type: 'ref/prompt', name: 'greet' }, argument: { name: 'city', value: 'P' } },
    ]);
  });

  it('should offer at most the first 100 suggestions', async () => {
    const values = Array.from({ length: 150 }, (_, i) => `city-${i}`);
    const { el } = await show(() => suggest(values));
    type(el, 'city', 'c');
    await waitUntil(() => options(el, 'city').length, 'no suggestions came');
    expect(options(el, 'city')).to.deep.equal(values.slice(0, 100));
  });

  it('should say why there are no suggestions when asking fails, and stop saying so once they come', async () => {
    let fail = true;
    const { el } = await show(() => (fail ? json({ error: 'completion broke' }, 500) : suggest(['Oslo'])));
    type(el, 'city', 'O');
    await waitUntil(() => problem(el, 'city'), 'the failure was not shown');
    expect(problem(el, 'city')).to.equal('No suggestions: completion broke (HTTP 500)');
    expect(options(el, 'city')).to.deep.equal([]);
    expect(problem(el, 'style')).to.equal('');
    fail = false;
    type(el, 'city', 'Os');
    await waitUntil(() => options(el, 'city').length, 'no suggestions came');
    expect(options(el, 'city')).to.deep.equal(['Oslo']);
    expect(problem(el, 'city')).to.equal('');
    // A failure after suggestions takes them away.
    fail = true;
    type(el, 'city', 'Osx');
    await waitUntil(() => problem(el, 'city'), 'the second failure was not shown');
    expect(options(el, 'city')).to.deep.equal([]);
  });

  it('should abort the question under way when another is asked, and show nothing of its answer', async () => {
    // The first question's answer arrives whole but its body is held, so it can be read after the second was asked.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { el, calls } = await show(async (call) => {
      const { argument } = call.body as { argument: { name: string } };
      if (argument.name === 'city' && calls.length === 1) {
        const body = new ReadableStream<Uint8Array>({
          start: async (controller) => {
            await held;
            controller.enqueue(new TextEncoder().encode(JSON.stringify({ completion: { values: ['Stale'] } })));
            controller.close();
          },
        });
        return new Response(body, { headers: { 'Content-Type': 'application/json' } });
      }
      if (argument.name === 'city') return new Promise<Response>(() => {});
      return suggest(['formal']);
    });
    type(el, 'city', 'S');
    await waitUntil(() => calls.length === 1, 'the first question was not asked');
    type(el, 'style', 'f');
    await waitUntil(() => options(el, 'style').length, 'no suggestions came for style');
    expect(calls[0].signal!.aborted).to.equal(true);
    expect(calls[1].body).to.deep.equal({
      ref: { type: 'ref/prompt', name: 'greet' },
      argument: { name: 'style', value: 'f' },
      context: { arguments: { city: 'S' } },
    });
    release();
    // The stale answer is read now, within the third question's pause; the fourth answered, it has long been dropped.
    type(el, 'city', 'St');
    await waitUntil(() => calls.length === 3, 'the third question was not asked');
    type(el, 'style', 'fo');
    await waitUntil(() => calls.length === 4 && options(el, 'style').length, 'the fourth question was not answered');
    expect(calls[2].signal!.aborted).to.equal(true);
    expect(options(el, 'city')).to.deep.equal([]);
    expect(problem(el, 'city')).to.equal('');
  });

  it('should not say a question failed when a newer one aborted it', async () => {
    const { el, calls } = await show((call) => {
      const { argument } = call.body as { argument: { name: string } };
      // The city question is never answered: only its abort ends it.
      return argument.name === 'city' ? new Promise<Response>(() => {}) : suggest(['formal']);
    });
    type(el, 'city', 'S');
    await waitUntil(() => calls.length === 1, 'the first question was not asked');
    type(el, 'style', 'f');
    await waitUntil(() => options(el, 'style').length, 'no suggestions came for style');
    expect(calls[0].signal!.aborted).to.equal(true);
    expect(problem(el, 'city')).to.equal('');
  });

  it('should ask once after a pause in typing, and nothing once the view is gone', async () => {
    const { el, calls } = await show(() => suggest(['x']));
    type(el, 'city', 'a');
    type(el, 'city', 'ab');
    await waitUntil(() => options(el, 'city').length, 'no suggestions came');
    expect(calls.map((call) => (call.body as { argument: unknown }).argument)).to.deep.equal([
      { name: 'city', value: 'ab' },
    ]);
    type(el, 'city', 'abc');
    el.remove();
    await pastThePause();
    expect(calls.length).to.equal(1);
  });

  it('should drop the question under way when the view is gone', async () => {
    const { el, calls } = await show(() => new Promise<Response>(() => {}));
    type(el, 'city', 'a');
    await waitUntil(() => calls.length === 1, 'the question was not asked');
    el.remove();
    expect(calls[0].signal!.aborted).to.equal(true);
  });

  it('should ask nothing without a backend, even when told completions are offered', async () => {
    stubFetch(() => suggest(['x']));
    const el = await fixture<PromptView>(html`<prompt-view .prompt=${PROMPT} completions></prompt-view>`);
    await waitUntil(() => $(el, 'form'), 'the prompt never showed');
    type(el, 'city', 'a');
    await pastThePause();
    expect(problem(el, 'city')).to.equal('');
    expect(options(el, 'city')).to.deep.equal([]);
  });

  it('should ask nothing when the backend offers no completion', async () => {
    const { catalog } = backend();
    const { calls } = stubFetch(() => suggest(['x']));
    const el = await fixture<PromptView>(html`<prompt-view .catalog=${catalog} .prompt=${PROMPT}></prompt-view>`);
    await waitUntil(() => $(el, 'form'), 'the prompt never showed');
    type(el, 'city', 'a');
    await pastThePause();
    expect(calls.length).to.equal(0);
  });
});
