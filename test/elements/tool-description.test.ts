import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../elements/tool-description/tool-description.js';
import type { ToolDescription } from '../../elements/tool-description/tool-description.js';

// Shaped like sequential-thinking's description: plain text with lists, sixty lines.
const LONG = [
  'A detailed tool for dynamic and reflective problem-solving through thoughts.',
  'Each thought can build on, question, or revise previous insights.',
  '',
  'When to use this tool:',
  ...Array.from({ length: 40 }, (_, i) => `- Case ${i + 1}, with next_thought_needed set`),
  '',
  'You should:',
  ...Array.from({ length: 14 }, (_, i) => `${i + 1}. Step ${i + 1}`),
  '',
  'See [the guide](https://example.com/guide) at the end.',
].join('\n');

const MARKDOWN = `Display a PDF **in the chat**, with *zoom* and \`page\` controls.

- Supports \`file://\` and https URLs
- Nested:
  1. first
  2. second

\`\`\`json
{"url": "<b>not bold</b>"}
\`\`\`

Read [the docs](https://example.com/docs), not [this](javascript:window.__xss=1). <img src=x onerror="window.__xss=1">`;

async function describe_(text: string): Promise<ToolDescription> {
  const el = await fixture<ToolDescription>(html`<tool-description .text=${text}></tool-description>`);
  await el.updateComplete;
  return el;
}

const $ = (el: ToolDescription, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const $$ = (el: ToolDescription, selector: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)];

describe('<tool-description>', () => {
  afterEach(() => {
    delete (window as { __xss?: unknown }).__xss;
  });

  it('should show a short description whole, with no toggle', async () => {
    const el = await describe_('Says it back.\nTwice if asked.');
    expect($(el, '[part=text]')!.textContent).to.equal('Says it back.\nTwice if asked.');
    expect($(el, '[part=text]')!.innerText).to.equal('Says it back.\nTwice if asked.');
    expect($(el, 'button')).to.equal(null);
  });

  it('should fold a long description to its first lines, and unfold it with a real button', async () => {
    const el = await describe_(LONG);
    const text = $(el, '[part=text]')!;
    const toggle = $(el, 'button')!;
    const lineHeight = parseFloat(getComputedStyle(text.querySelector('p')!).lineHeight);
    expect(text.clientHeight).to.be.within(3 * lineHeight, 5 * lineHeight);
    expect(text.scrollHeight).to.be.greaterThan(40 * lineHeight);
    expect(toggle.textContent!.trim()).to.equal('Show more');
    expect(toggle.getAttribute('aria-expanded')).to.equal('false');
    expect(toggle.getAttribute('aria-controls')).to.equal(text.id);

    toggle.focus();
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(toggle.getAttribute('aria-expanded')).to.equal('true');
    expect(toggle.textContent!.trim()).to.equal('Show less');
    expect(text.clientHeight).to.equal(text.scrollHeight);

    await sendKeys({ press: 'Space' });
    await el.updateComplete;
    expect(toggle.getAttribute('aria-expanded')).to.equal('false');
    expect(text.clientHeight).to.be.lessThan(5 * lineHeight);
  });

  it('should unfold when keyboard focus moves to a link in the folded part', async () => {
    const el = await describe_(LONG);
    const link = $(el, 'a')!;
    expect(link.textContent).to.equal('the guide');
    link.focus();
    await el.updateComplete;
    expect($(el, 'button')!.getAttribute('aria-expanded')).to.equal('true');
    expect(link.getBoundingClientRect().bottom).to.be.at.most($(el, '[part=text]')!.getBoundingClientRect().bottom);
  });

  it('should fold again when it is given another text', async () => {
    const el = await describe_(LONG);
    $(el, 'button')!.click();
    await el.updateComplete;
    el.text = `${LONG}\nMore.`;
    await el.updateComplete;
    expect($(el, 'button')!.getAttribute('aria-expanded')).to.equal('false');
  });

  it('should fold from the fifth line or the 321st character, not counting blank lines at the ends', async () => {
    const lines = (count: number) => Array.from({ length: count }, (_, i) => `Line ${i + 1}`).join('\n');
    // The toggle's words, or undefined without one (a string: chai prints an element it fails on very slowly).
    const toggle = async (text: string) => $(await describe_(text), 'button')?.textContent?.trim();
    expect(await toggle(lines(4))).to.equal(undefined);
    expect(await toggle(`\n\n${lines(4)}\n\n\n`)).to.equal(undefined);
    expect(await toggle(lines(5))).to.equal('Show more');
    expect(await toggle('x'.repeat(320))).to.equal(undefined);
    expect(await toggle('x '.repeat(160) + 'y')).to.equal('Show more');
  });

  it('should show nothing until it is given a text', async () => {
    const el = await fixture<ToolDescription>(html`<tool-description></tool-description>`);
    expect($(el, '[part=text]')!.textContent).to.equal('');
    expect($(el, 'button')?.textContent).to.equal(undefined);
  });

  it('should wrap a long unbroken word of a short text inside its width', async () => {
    const el = await fixture<ToolDescription>(
      html`<tool-description style="display: block; width: 200px" .text=${`See ${'https://example.com/'.repeat(8)}`}></tool-description>`,
    );
    const text = $(el, '[part=text]')!;
    expect(text.scrollWidth).to.be.at.most(text.clientWidth);
  });

  it('should stay folded when focus moves to a link in the lines it shows, wherever it sits on the page', async () => {
    const wrapper = await fixture<HTMLDivElement>(html`<div style="padding-top: 600px"></div>`);
    const el = document.createElement('tool-description') as ToolDescription;
    el.text = `See [the start](https://example.com/start) first.\n${LONG}`;
    wrapper.append(el);
    await el.updateComplete;
    const link = $(el, 'a')!;
    expect(link.textContent).to.equal('the start');
    link.focus();
    await el.updateComplete;
    expect($(el, 'button')!.getAttribute('aria-expanded')).to.equal('false');
  });

  it('should render the common Markdown subset as elements, and raw HTML as text', async () => {
    const el = await describe_(MARKDOWN);
    expect($(el, 'strong')!.textContent).to.equal('in the chat');
    expect($(el, 'em')!.textContent).to.equal('zoom');
    expect($$(el, 'code').map((code) => code.textContent)).to.deep.equal([
      'page',
      'file://',
      '{"url": "<b>not bold</b>"}',
    ]);
    expect($$(el, 'ul > li').length).to.equal(2);
    expect($$(el, 'ul > li ol > li').map((li) => li.textContent)).to.deep.equal(['first', 'second']);
    expect($(el, 'pre > code')!.textContent).to.equal('{"url": "<b>not bold</b>"}');
    expect($(el, 'ul > li')!.textContent).to.equal('Supports file:// and https URLs');
    expect($$(el, 'b, img, script')).to.have.length(0);
    expect($(el, '[part=text]')!.textContent).to.contain('<img src=x onerror="window.__xss=1">');
  });

  it('should make only http(s) links clickable, opening in a new tab without a referrer', async () => {
    const el = await describe_(MARKDOWN);
    const links = $$(el, 'a') as HTMLAnchorElement[];
    expect(links.map((link) => link.href)).to.deep.equal(['https://example.com/docs']);
    expect(links[0].rel).to.equal('noopener noreferrer');
    expect(links[0].target).to.equal('_blank');
    expect($(el, '[part=text]')!.textContent).to.contain('not this.');
    expect((window as { __xss?: unknown }).__xss).to.equal(undefined);
  });

  it('should be accessible, folded and unfolded', async () => {
    const el = await describe_(`${MARKDOWN}\n\n${LONG}`);
    await expect(el).to.be.accessible();
    $(el, 'button')!.click();
    await el.updateComplete;
    await expect(el).to.be.accessible();
  });
});
