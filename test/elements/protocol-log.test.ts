// <protocol-log> alone: the rows (time, arrow, method and kind, id, size, round trip), the "N of M messages" line and
// the dropped count, the filters, the picked message (heading, Copy, Open in form), Export, only the rows in view
// drawn, and the server's words as text.
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import type { ProtocolEntry } from '../../protocol/index.js';
import '../../elements/protocol-log/protocol-log.js';
import type { ProtocolLog } from '../../elements/protocol-log/protocol-log.js';
import { $, $$, XSS, expectNoInjection } from './content.helpers.js';

// A fixed local time: the row shows the local clock, so the expected text holds in any time zone.
const NOON = new Date(2026, 0, 2, 12, 3, 45, 120).getTime();

let seq = 0;
function entry(fields: Partial<ProtocolEntry> & Pick<ProtocolEntry, 'direction' | 'kind'>): ProtocolEntry {
  seq++;
  return { seq, time: NOON, size: 42, message: { jsonrpc: '2.0', method: fields.method }, ...fields };
}

async function log(entries: ProtocolEntry[], dropped = 0): Promise<ProtocolLog> {
  const el = await fixture<ProtocolLog>(html`<protocol-log .entries=${entries} .dropped=${dropped}></protocol-log>`);
  await el.updateComplete;
  return el;
}

const rows = (el: ProtocolLog) => $$(el, '[part=row]');
const cells = (el: ProtocolLog) => rows(el).map((row) => [...row.querySelectorAll('span')].map((c) => c.textContent));
const count = (el: ProtocolLog) => $(el, 'p.count')!.textContent!.replace(/\s+/g, ' ').trim();
const button = (el: ProtocolLog, text: string) => $$(el, 'button').find((b) => b.textContent!.trim() === text);
const atBottom = (viewport: HTMLElement) =>
  Math.abs(viewport.scrollTop + viewport.clientHeight - viewport.scrollHeight) <= 1;
const pressed = (el: ProtocolLog) => rows(el).map((row) => row.getAttribute('aria-pressed'));

async function pick(el: ProtocolLog, index: number): Promise<void> {
  rows(el)[index].click();
  await el.updateComplete;
}

async function filterMethod(el: ProtocolLog, text: string): Promise<void> {
  const input = $(el, 'input[aria-label="Filter by method"]') as HTMLInputElement;
  input.value = text;
  input.dispatchEvent(new Event('input'));
  await el.updateComplete;
}

async function filterDirection(el: ProtocolLog, value: string): Promise<void> {
  const select = $(el, 'select[aria-label=Direction]') as HTMLSelectElement;
  select.value = value;
  select.dispatchEvent(new Event('change'));
  await el.updateComplete;
}

/** Runs `act` with navigator.clipboard replaced, and gives back what was copied. */
async function copied(act: () => void): Promise<string[]> {
  const texts: string[] = [];
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText: async (text: string) => void texts.push(text) },
  });
  try {
    act();
  } finally {
    delete (navigator as { clipboard?: unknown }).clipboard;
  }
  return texts;
}

/** Settles on the viewport's next scroll event, or after two frames without one. */
function scrolled(viewport: HTMLElement): Promise<void> {
  return new Promise((resolve) => {
    viewport.addEventListener('scroll', () => resolve(), { once: true });
    requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
  });
}

describe('<protocol-log>', () => {
  afterEach(() => {
    delete (window as { __xss?: unknown }).__xss;
  });

  it('should show one row per message: local time to the millisecond, arrow, method and kind, id, size, round trip', async () => {
    const el = await log([
      entry({ direction: 'sent', kind: 'request', method: 'tools/list', id: 1, size: 42 }),
      entry({ direction: 'received', kind: 'response', method: 'tools/list', id: 1, size: 2048, rttMs: 12 }),
      entry({ direction: 'received', kind: 'error', method: 'tools/call', id: 'a', size: 5, rttMs: 1500 }),
      entry({ direction: 'received', kind: 'notification', method: 'notifications/progress', time: NOON - 113 }),
      entry({ direction: 'received', kind: 'response', size: 0, rttMs: 0 }),
    ]);
    expect(cells(el)).to.deep.equal([
      ['12:03:45.120', '→', 'tools/list', '1', '42 B', ''],
      ['12:03:45.120', '←', 'tools/list response', '1', '2 KB', '12 ms'],
      ['12:03:45.120', '←', 'tools/call error', 'a', '5 B', '1.50 s'],
      ['12:03:45.007', '←', 'notifications/progress', '', '42 B', ''],
      ['12:03:45.120', '←', '(no method) response', '', '0 B', '0.0 ms'],
    ]);
    expect(rows(el).map((row) => row.querySelector('.direction')!.getAttribute('title'))).to.deep.equal([
      'sent',
      'received',
      'received',
      'received',
      'received',
    ]);
    expect(rows(el).map((row) => row.className.replace(/\s+/g, ' ').trim())).to.deep.equal([
      'row request',
      'row response',
      'row error',
      'row notification',
      'row response',
    ]);
    expect(pressed(el)).to.deep.equal(['false', 'false', 'false', 'false', 'false']);
    expect(count(el)).to.equal('5 of 5 messages');
    await expect(el).to.be.accessible();
  });

  it('should count no messages when given none', async () => {
    const el = await fixture<ProtocolLog>(html`<protocol-log></protocol-log>`);
    expect(count(el)).to.equal('0 of 0 messages');
    expect(rows(el).length).to.equal(0);
  });

  it('should count one message in the singular, none in the plural, and say how many older ones were not kept', async () => {
    const one = await log([entry({ direction: 'sent', kind: 'request', method: 'ping', id: 1 })]);
    expect(count(one)).to.equal('1 of 1 message');
    expect($(one, '.dropped')?.textContent ?? 'none').to.equal('none');
    const none = await log([]);
    expect(count(none)).to.equal('0 of 0 messages');
    expect(rows(none).length).to.equal(0);
    const dropped = await log([entry({ direction: 'sent', kind: 'request', method: 'ping', id: 1 })], 3);
    expect(count(dropped)).to.equal('1 of 1 message · 3 older not kept');
    expect($(dropped, '.dropped')!.textContent).to.equal('3 older not kept');
  });

  it('should filter by a part of the method, in any case and spaces around it, and by direction', async () => {
    const el = await log([
      entry({ direction: 'sent', kind: 'request', method: 'tools/list', id: 1 }),
      entry({ direction: 'received', kind: 'response', method: 'tools/list', id: 1 }),
      entry({ direction: 'sent', kind: 'request', method: 'ping', id: 2 }),
      entry({ direction: 'received', kind: 'response', id: 9 }),
    ]);
    const methods = () => cells(el).map((row) => row[2]);
    await filterMethod(el, '  TOOLS/L ');
    expect(methods()).to.deep.equal(['tools/list', 'tools/list response']);
    expect(count(el)).to.equal('2 of 4 messages');
    await filterDirection(el, 'received');
    expect(methods()).to.deep.equal(['tools/list response']);
    expect(count(el)).to.equal('1 of 4 messages');
    await filterMethod(el, '   ');
    expect(methods()).to.deep.equal(['tools/list response', '(no method) response']);
    await filterDirection(el, 'sent');
    expect(methods()).to.deep.equal(['tools/list', 'ping']);
    await filterMethod(el, 'nothing like it');
    expect(methods()).to.deep.equal([]);
    expect(count(el)).to.equal('0 of 4 messages');
    await filterMethod(el, '');
    await filterDirection(el, '');
    expect(methods()).to.deep.equal(['tools/list', 'tools/list response', 'ping', '(no method) response']);
    // A message without a method matches no filter.
    await filterMethod(el, 's');
    expect(methods()).to.deep.equal(['tools/list', 'tools/list response']);
    expect(($(el, 'select[aria-label=Direction]') as HTMLSelectElement).options[0].textContent).to.equal(
      'Both directions',
    );
  });

  it('should show a picked message under its heading (arrow, method, number), pressed, and put it away on a second click', async () => {
    const message = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { cursor: 'c1' } };
    const el = await log([
      entry({ direction: 'sent', kind: 'request', method: 'tools/list', id: 1, message }),
      entry({ direction: 'received', kind: 'response', id: 7, message: { jsonrpc: '2.0', id: 7, result: {} } }),
    ]);
    expect($(el, '.picked') === null).to.equal(true);
    await pick(el, 0);
    expect(pressed(el)).to.deep.equal(['true', 'false']);
    const picked = $(el, 'section.picked')!;
    expect(picked.getAttribute('aria-label')).to.equal(`Message ${seq - 1}`);
    expect(picked.querySelector('h3')!.textContent!.replace(/\s+/g, ' ').trim()).to.equal(`→ tools/list #${seq - 1}`);
    expect([...picked.querySelectorAll('button')].map((b) => b.textContent!.trim())).to.deep.equal(['Copy']);
    expect(picked.querySelector('.json-tree')!.textContent!.replace(/\s+/g, ' ')).to.contain('cursor: "c1"');
    await pick(el, 1);
    expect(pressed(el)).to.deep.equal(['false', 'true']);
    // A message without a method is headed by its kind.
    expect($(el, '.picked h3')!.textContent!.replace(/\s+/g, ' ').trim()).to.equal(`← response #${seq}`);
    await pick(el, 1);
    expect(pressed(el)).to.deep.equal(['false', 'false']);
    expect($(el, '.picked') === null).to.equal(true);
  });

  it('should copy the picked message as readable JSON', async () => {
    const message = { jsonrpc: '2.0', id: 3, result: { content: [{ type: 'text', text: 'hi' }] } };
    const el = await log([entry({ direction: 'received', kind: 'response', method: 'tools/call', id: 3, message })]);
    await pick(el, 0);
    const texts = await copied(() => button(el, 'Copy')!.click());
    expect(texts).to.deep.equal([JSON.stringify(message, null, 2)]);
  });

  it('should do nothing on Copy where the page has no clipboard (not a secure context)', async () => {
    const el = await log([entry({ direction: 'received', kind: 'response', method: 'ping', id: 3 })]);
    await pick(el, 0);
    const errors: unknown[] = [];
    const onError = (event: ErrorEvent) => (errors.push(event.error), event.preventDefault());
    window.addEventListener('error', onError);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: undefined });
    try {
      button(el, 'Copy')!.click();
    } finally {
      delete (navigator as { clipboard?: unknown }).clipboard;
      window.removeEventListener('error', onError);
    }
    expect(errors.map(String)).to.deep.equal([]);
  });

  it('should offer Open in form only for a tools/call the console sent, and fire tool-open with its name and arguments', async () => {
    const call = (fields: Partial<ProtocolEntry>, params: unknown) =>
      entry({
        direction: 'sent',
        kind: 'request',
        method: 'tools/call',
        id: 4,
        ...fields,
        message: { jsonrpc: '2.0', id: 4, method: 'tools/call', params },
      });
    const el = await log([
      call({}, { name: 'echo', arguments: { message: 'hi' } }),
      call({}, { name: 'bare' }),
      call({}, { name: 'nulled', arguments: null }),
      call({ direction: 'received' }, { name: 'echo', arguments: {} }),
      call({ kind: 'response' }, { name: 'echo', arguments: {} }),
      call({ method: 'tools/list' }, { name: 'echo', arguments: {} }),
      call({}, { name: 7 }),
      entry({ direction: 'sent', kind: 'request', method: 'tools/call', id: 5, message: null }),
    ]);
    const offered: boolean[] = [];
    for (let i = 0; i < rows(el).length; i++) {
      await pick(el, i);
      offered.push(button(el, 'Open in form') !== undefined);
    }
    expect(offered).to.deep.equal([true, true, true, false, false, false, false, false]);
    const details: unknown[] = [];
    for (const i of [0, 1, 2]) {
      await pick(el, i);
      const opened = oneEvent(el, 'tool-open');
      button(el, 'Open in form')!.click();
      const event = await opened;
      expect(event.bubbles && event.composed).to.equal(true);
      details.push(event.detail);
    }
    expect(details).to.deep.equal([
      { name: 'echo', arguments: { message: 'hi' } },
      { name: 'bare', arguments: {} },
      { name: 'nulled', arguments: {} },
    ]);
  });

  it('should fire protocol-export out of its shadow root when Export is pressed', async () => {
    const el = await log([]);
    const exported = oneEvent(el, 'protocol-export');
    button(el, 'Export')!.click();
    const event = await exported;
    expect(event.bubbles && event.composed).to.equal(true);
  });

  it('should draw only the rows in view, follow the newest, and stay where the user scrolled up to', async () => {
    const many = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) =>
        entry({ direction: 'received', kind: 'notification', method: `notifications/n${from + i}` }),
      );
    const first = many(0, 2000);
    const el = await log(first);
    const viewport = $(el, '.viewport')!;
    const methods = () => cells(el).map((row) => row[2]);
    await waitUntil(() => methods().includes('notifications/n1999'), 'the newest is in view');
    expect(rows(el).length).to.be.within(10, 60);
    // Each row 24 pixels under the one before: the height the window places them by.
    const tops = rows(el).map((row) => row.getBoundingClientRect().top);
    expect(new Set(tops.slice(1).map((top, i) => Math.round(top - tops[i])))).to.deep.equal(new Set([24]));
    expect($(el, '.spacer')!.style.height).to.equal(`${2000 * 24}px`);
    expect(viewport.scrollTop + viewport.clientHeight).to.be.closeTo(viewport.scrollHeight, 1);
    // The window sits where the rows drawn belong: its first row is the one at its offset.
    const top = Number(/translateY\((\d+)px\)/.exec($(el, '.window')!.style.transform)![1]);
    expect(methods()[0]).to.equal(`notifications/n${top / 24}`);
    // A new message is followed to the bottom.
    el.entries = [...first, ...many(2000, 1)];
    await waitUntil(() => methods().includes('notifications/n2000'), 'the new one is in view');
    // Scrolled up, the view stays there as messages arrive.
    viewport.scrollTop = 0;
    viewport.dispatchEvent(new Event('scroll'));
    await waitUntil(() => methods()[0] === 'notifications/n0', 'scrolled to the top');
    expect($(el, '.window')!.style.transform).to.equal('translateY(0px)');
    el.entries = [...el.entries, ...many(2001, 1)];
    await el.updateComplete;
    expect(viewport.scrollTop).to.equal(0);
    expect(methods()[0]).to.equal('notifications/n0');
    expect(methods().includes('notifications/n2001')).to.equal(false);
    // Back at the bottom, it follows again.
    viewport.scrollTop = viewport.scrollHeight;
    viewport.dispatchEvent(new Event('scroll'));
    await waitUntil(() => methods().includes('notifications/n2001'), 'back at the bottom');
    el.entries = [...el.entries, ...many(2002, 1)];
    await waitUntil(() => atBottom(viewport), 'following again');
    expect(methods().at(-1)).to.equal('notifications/n2002');
  });

  it('should follow when the view ends within half a row of the bottom, and not from further up', async () => {
    const entries = Array.from({ length: 100 }, (_, i) =>
      entry({ direction: 'sent', kind: 'notification', method: `notifications/k${i}` }),
    );
    const el = await log(entries);
    const viewport = $(el, '.viewport')!;
    const scrollTo = async (fromBottom: number) => {
      viewport.scrollTop = viewport.scrollHeight - viewport.clientHeight - fromBottom;
      viewport.dispatchEvent(new Event('scroll'));
      await el.updateComplete;
    };
    const add = async () => {
      el.entries = [...el.entries, entry({ direction: 'sent', kind: 'notification', method: 'notifications/more' })];
      await el.updateComplete;
    };
    await scrollTo(12);
    await add();
    expect(atBottom(viewport), '12 pixels from the bottom: followed').to.equal(true);
    await scrollTo(13);
    const kept = viewport.scrollTop;
    await add();
    expect(viewport.scrollTop, '13 pixels from the bottom: left where it was').to.equal(kept);
    expect(atBottom(viewport)).to.equal(false);
  });

  it('should draw as many rows as a taller view holds, also after being moved in the page', async () => {
    const entries = Array.from({ length: 300 }, (_, i) =>
      entry({ direction: 'sent', kind: 'notification', method: `notifications/m${i}` }),
    );
    const el = await log(entries);
    const viewport = $(el, '.viewport')!;
    // At the top, a taller view scrolls nothing: only the resize observer can tell the log its new height.
    viewport.scrollTop = 0;
    viewport.dispatchEvent(new Event('scroll'));
    await waitUntil(() => cells(el)[0][2] === 'notifications/m0', 'scrolled to the top');
    const before = rows(el).length;
    viewport.style.height = '1200px';
    // 1,200 pixels of rows of 24: at least 50 drawn, measured by the observer with no scroll.
    await waitUntil(() => rows(el).length >= 50, `more rows drawn than ${before}`);
    const parent = el.parentElement!;
    const elsewhere = document.createElement('div');
    document.body.append(elsewhere);
    try {
      elsewhere.append(el);
      // The move's own scroll event (the view laid out again) comes first, so the height is not read from it.
      await scrolled(viewport);
      viewport.style.height = '1800px';
      await waitUntil(() => rows(el).length >= 75, 'no more rows drawn after the move');
    } finally {
      parent.append(el);
      elsewhere.remove();
    }
  });

  it('should stop measuring its view once taken out of the page', async () => {
    const entries = Array.from({ length: 300 }, (_, i) =>
      entry({ direction: 'sent', kind: 'notification', method: `notifications/d${i}` }),
    );
    const el = await log(entries);
    const viewport = $(el, '.viewport')!;
    // The scroll's own event is over before the log is taken out (read then, the view would measure 0).
    const scrolledUp = scrolled(viewport);
    viewport.scrollTop = 0;
    await scrolledUp;
    await waitUntil(() => cells(el)[0][2] === 'notifications/d0', 'scrolled to the top');
    const before = rows(el).length;
    const parent = el.parentElement!;
    el.remove();
    try {
      // Nothing to await for a measure that must not come: two frames, in which an observer still watching would
      // report the removed view's height of 0 (and the log would draw rows for a default height).
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      await el.updateComplete;
      expect(rows(el).length).to.equal(before);
    } finally {
      parent.append(el);
    }
  });

  it("should show the server's words as text, never as markup", async () => {
    const message = { jsonrpc: '2.0', method: XSS, params: { note: XSS } };
    const el = await log([entry({ direction: 'received', kind: 'notification', method: XSS, message })]);
    expect(cells(el)[0][2]).to.equal(XSS);
    await pick(el, 0);
    expect($(el, '.picked h3')!.textContent).to.contain(XSS);
    expect($(el, '.picked')!.textContent).to.contain(JSON.stringify(XSS));
    expectNoInjection(el);
  });
});
