// <prompt-view> (issue 29): a prompt's arguments as a form (required marked, descriptions, suggestions as you type),
// Get and the messages with their roles and content, the server's message when it fails, XSS as text.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import type { GetPromptResult, PromptSummary } from '../../elements/api.js';
import '../../elements/prompt-view/prompt-view.js';
import type { PromptView } from '../../elements/prompt-view/prompt-view.js';
import { $, $$, XSS, backend, expectNoInjection } from './content.helpers.js';
import { eventStream, json, stubFetch, type FetchCall } from './fetch-stub.js';
import { PNG } from './tool-result.helpers.js';

const COMPLEX: PromptSummary = {
  name: 'complex_prompt',
  title: 'Complex prompt',
  description: 'A prompt with arguments',
  arguments: [
    { name: 'temperature', description: 'Temperature setting', required: true },
    { name: 'style', title: 'Output style', description: 'Output style' },
  ],
};

interface Backend {
  detail?: (name: string) => Response;
  get?: (name: string, args: Record<string, string>) => Response | GetPromptResult;
  complete?: (call: FetchCall) => Response;
}

function serve({ detail, get, complete }: Backend) {
  return stubFetch((call) => {
    const prompt = /^http:\/\/h\/prompts\/([^/]+)(\/get)?$/.exec(call.url);
    if (prompt && prompt[2] && get) {
      const answer = get(decodeURIComponent(prompt[1]), (call.body as { arguments: Record<string, string> }).arguments);
      return answer instanceof Response ? answer : json(answer);
    }
    if (prompt && detail) return detail(decodeURIComponent(prompt[1]));
    if (call.url === 'http://h/completion' && complete) return complete(call);
    return json({ error: 'Not found' }, 404);
  });
}

async function show(prompt: PromptSummary, completions = false): Promise<PromptView> {
  const { catalog } = backend();
  const el = await fixture<PromptView>(
    html`<prompt-view .catalog=${catalog} .prompt=${prompt} ?completions=${completions}></prompt-view>`,
  );
  await waitUntil(() => $(el, 'form, [part=error]'), 'the prompt never showed');
  return el;
}

function type(el: PromptView, label: string, value: string): void {
  const input = $$(el, 'input').find((i) => i.getAttribute('name') === label) as HTMLInputElement;
  input.value = value;
  input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
}

async function get(el: PromptView): Promise<void> {
  $(el, '[part=get]')!.click();
  await waitUntil(() => $(el, '[part=messages], [part=error]'), 'Get never ended');
}

const labels = (el: PromptView) => $$(el, 'label').map((label) => label.textContent!.replace(/\s+/g, ' ').trim());

describe('<prompt-view>', () => {
  afterEach(() => {
    delete (window as { __xss?: unknown }).__xss;
  });

  it('should load the detail when given only a name, and show a field per argument, required marked', async () => {
    const { calls } = serve({ detail: () => json(COMPLEX) });
    const el = await show({ name: 'complex_prompt' });
    expect(calls.map((call) => [call.method, call.url])).to.deep.equal([['GET', 'http://h/prompts/complex_prompt']]);
    expect($(el, 'h3')!.textContent).to.equal('Complex prompt');
    expect(labels(el)).to.deep.equal(['temperature *', 'Output style style']);
    expect($$(el, 'input').map((input) => (input as HTMLInputElement).required)).to.deep.equal([true, false]);
    expect($$(el, '.hint').map((hint) => hint.textContent)).to.deep.equal(['Temperature setting', 'Output style']);
    await expect(el).to.be.accessible();
  });

  it('should not load the detail when the prompt comes with its arguments, nor send a required one left empty', async () => {
    const { calls } = serve({});
    const el = await show(COMPLEX);
    $(el, '[part=get]')!.click();
    await el.updateComplete;
    expect(calls).to.deep.equal([]);
    expect(($(el, 'input') as HTMLInputElement).matches(':invalid')).to.equal(true);
  });

  it('should get the messages for the arguments typed, each with its role and content', async () => {
    const { calls } = serve({
      get: (name, args) => ({
        description: `${name} for ${args.temperature}`,
        messages: [
          { role: 'user', content: { type: 'text', text: `Temperature ${args.temperature}, style ${args.style}` } },
          { role: 'assistant', content: { type: 'image', data: PNG, mimeType: 'image/png' } },
          { role: 'user', content: { type: 'audio', data: 'UklGRgAAAABXQVZF', mimeType: 'audio/wav' } },
          { role: 'user', content: { type: 'resource_link', uri: 'https://example.com/doc', name: 'The doc' } },
          {
            role: 'user',
            content: { type: 'resource', resource: { uri: 'test://1', mimeType: 'text/csv', text: 'a,b\n1,2' } },
          },
          {
            role: 'user',
            content: {
              type: 'resource',
              resource: { uri: 'test://r.pdf', mimeType: 'application/pdf', blob: btoa('%PDF') },
            },
          },
        ],
      }),
    });
    const el = await show(COMPLEX);
    type(el, 'temperature', '0.7');
    type(el, 'style', 'terse');
    await get(el);
    expect(calls.map((call) => [call.method, call.url, call.body])).to.deep.equal([
      ['POST', 'http://h/prompts/complex_prompt/get', { arguments: { temperature: '0.7', style: 'terse' } }],
    ]);
    expect($(el, '[part=messages] .description')!.textContent).to.equal('complex_prompt for 0.7');
    const messages = $$(el, '[part=message]');
    expect(messages.map((m) => m.querySelector('[part=role]')!.textContent)).to.deep.equal([
      'user',
      'assistant',
      'user',
      'user',
      'user',
      'user',
    ]);
    expect(messages[0].querySelector('pre')!.textContent).to.equal('Temperature 0.7, style terse');
    expect(messages[1].querySelector('img')!.getAttribute('src')).to.equal(`data:image/png;base64,${PNG}`);
    expect(messages[2].querySelector('audio')!.getAttribute('src')).to.equal('data:audio/wav;base64,UklGRgAAAABXQVZF');
    expect(messages[3].querySelector('a')!.getAttribute('href')).to.equal('https://example.com/doc');
    expect(messages[3].querySelector('a')!.textContent).to.equal('The doc');
    expect([...messages[4].querySelectorAll('td')].map((td) => td.textContent)).to.deep.equal(['1', '2']);
    expect((messages[5].querySelector('a[download]') as HTMLAnchorElement).download).to.equal('r.pdf');
  });

  it('should leave out arguments left empty', async () => {
    const { calls } = serve({ get: () => ({ messages: [] }) });
    const el = await show(COMPLEX);
    type(el, 'temperature', '1');
    await get(el);
    expect(calls[0].body).to.deep.equal({ arguments: { temperature: '1' } });
    expect($(el, '[part=messages]')!.textContent).to.contain('The prompt returned no messages.');
  });

  it('should suggest values as you type, asking once after a pause, with the other arguments as context', async () => {
    const { calls } = serve({
      complete: (call) => {
        const { argument } = call.body as { argument: { value: string } };
        return json({
          completion: { values: ['formal', 'friendly', 'funny'].filter((v) => v.startsWith(argument.value)) },
        });
      },
    });
    const el = await show(COMPLEX, true);
    type(el, 'temperature', '0.2');
    type(el, 'style', 'f');
    type(el, 'style', 'fr');
    await waitUntil(() => $$(el, 'datalist')[1].querySelector('option'), 'no suggestions came');
    expect([...$$(el, 'datalist')[1].querySelectorAll('option')].map((o) => o.value)).to.deep.equal(['friendly']);
    expect($$(el, 'input')[1].getAttribute('list')).to.equal($$(el, 'datalist')[1].id);
    expect(calls.map((call) => call.body)).to.deep.equal([
      {
        ref: { type: 'ref/prompt', name: 'complex_prompt' },
        argument: { name: 'style', value: 'fr' },
        context: { arguments: { temperature: '0.2' } },
      },
    ]);
  });

  it('should ask for no suggestions when the backend offers no completion', async () => {
    const { calls } = serve({ get: () => ({ messages: [] }) });
    const el = await show(COMPLEX, false);
    type(el, 'temperature', '1');
    await get(el);
    expect(calls.map((call) => call.url)).to.deep.equal(['http://h/prompts/complex_prompt/get']);
  });

  it("should show the server's message when the prompt is unknown or the getter fails", async () => {
    serve({ detail: (name) => json({ error: `Prompt not found: ${name}` }, 404) });
    const missing = await show({ name: 'gone' });
    expect($(missing, '[part=error]')!.textContent).to.contain(
      'Loading the prompt gone failed: Prompt not found: gone (HTTP 404)',
    );

    serve({ get: () => json({ error: 'The MCP server failed: boom' }, 502) });
    const el = await show(COMPLEX);
    type(el, 'temperature', '1');
    await get(el);
    const alert = $(el, '[role=alert]')!.textContent!.replace(/\s+/g, ' ');
    expect(alert).to.contain('Getting the prompt complex_prompt failed: The MCP server failed: boom (HTTP 502)');
    expect(alert).to.contain('The MCP server behind the console could not answer.');
  });

  it('should forget the messages when another prompt is shown', async () => {
    serve({ get: () => ({ messages: [{ role: 'user', content: { type: 'text', text: 'first' } }] }) });
    const el = await show(COMPLEX);
    type(el, 'temperature', '1');
    await get(el);
    el.prompt = { name: 'simple', arguments: [] };
    await waitUntil(() => $(el, 'form')?.textContent!.includes('This prompt takes no arguments.'));
    expect($(el, '[part=messages]')).to.equal(null);
  });

  it('should show XSS payloads in every field as text, creating no element from them', async () => {
    serve({
      get: () => ({
        description: XSS,
        messages: [
          { role: XSS as 'user', content: { type: 'text', text: XSS } },
          {
            role: 'user',
            content: { type: 'resource_link', uri: 'javascript:window.__xss=1', name: XSS, description: XSS },
          },
          { role: 'user', content: { type: 'resource', resource: { uri: XSS, mimeType: 'text/html', text: XSS } } },
          { role: 'user', content: { type: 'image', data: XSS, mimeType: XSS } },
          { role: 'user', content: { type: XSS } },
        ],
      }),
      complete: () => json({ completion: { values: [XSS, `"><img src=x onerror="window.__xss=1">`] } }),
    });
    const el = await show(
      { name: XSS, title: XSS, description: XSS, arguments: [{ name: XSS, title: XSS, description: XSS }] },
      true,
    );
    type(el, XSS, XSS);
    await waitUntil(() => $(el, 'datalist')!.querySelectorAll('option').length === 2, 'no suggestions came');
    expect([...$(el, 'datalist')!.querySelectorAll('option')].map((o) => o.value)[0]).to.equal(XSS);
    await get(el);
    expect($(el, 'h3')!.textContent).to.equal(XSS);
    expect($$(el, '[part=message]')[0].querySelector('pre')!.textContent).to.equal(XSS);
    expect($$(el, 'a').filter((a) => /^javascript:/i.test(a.getAttribute('href') ?? ''))).to.deep.equal([]);
    expectNoInjection(el);
  });

  it("should ask the server's question in the question dialog while the prompt is got, and send the answer", async () => {
    const stream = eventStream();
    const schema = { type: 'object', properties: { name: { type: 'string', title: 'Name' } }, required: ['name'] };
    const { calls } = stubFetch((call) => {
      if (call.url === 'http://h/prompts/ask-greeting/get') return stream.response;
      if (call.url === 'http://h/prompts/ask-greeting/requests/q%201') {
        stream.send('result', {
          status: 200,
          result: { messages: [{ role: 'user', content: { type: 'text', text: 'Greet Grace.' } }] },
        });
        stream.close();
        return new Response(null, { status: 204 });
      }
      return json({ error: 'Not found' }, 404);
    });
    const el = await show({ name: 'ask-greeting', arguments: [] });
    $(el, '[part=get]')!.click();
    stream.send('request', {
      id: 'q 1',
      kind: 'elicitation',
      params: { mode: 'form', message: XSS, requestedSchema: schema },
    });
    const question = () => $(el, 'tool-question')!.shadowRoot!;
    await waitUntil(() => question().querySelector('dialog')?.open, 'the question never showed');
    expect(question().querySelector('[part=message]')!.textContent).to.contain(XSS);
    expect((calls[0].init!.headers as Record<string, string>).Accept).to.equal('text/event-stream');
    const input = question().querySelector('input')!;
    input.value = 'Grace';
    input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    await ($(el, 'tool-question') as unknown as { updateComplete: Promise<boolean> }).updateComplete;
    ([...question().querySelectorAll('button')].find((b) => b.textContent!.trim() === 'Accept') as HTMLElement).click();
    await waitUntil(() => $(el, '[part=messages]'), 'the messages never came');
    expect(calls[1].body).to.deep.equal({ action: 'accept', content: { name: 'Grace' } });
    expect($$(el, '[part=message]')[0].textContent).to.contain('Greet Grace.');
    expect(question().querySelector('dialog')!.open).to.equal(false);
    expectNoInjection(el);
  });

  it("should show the server's message when a streamed get ends in a failure", async () => {
    const stream = eventStream();
    stubFetch(() => stream.response);
    const el = await show({ name: 'ask-greeting', arguments: [] });
    $(el, '[part=get]')!.click();
    stream.send('result', { status: 502, result: { error: 'The MCP server could not get the prompt ask-greeting.' } });
    stream.close();
    await waitUntil(() => $(el, '[part=error]'), 'no failure shown');
    expect($(el, '[part=error]')!.textContent).to.contain('The MCP server could not get the prompt ask-greeting.');
  });
});
