// The pages of a -32042 error (URL elicitation required) as the user is asked to visit them, and what the call's
// result says when one was not followed.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/client';
import { askToVisit, needsVisit, urlElicitationsOf } from '../../server/mcp/url-elicitation.js';
import { recordingContext } from './call-bridge.js';

const required = (data: unknown) => new ProtocolError(ProtocolErrorCode.UrlElicitationRequired, 'Visit first', data);

describe('the pages of a URL elicitation error', () => {
  it('should read each page with its url, message and elicitation id', () => {
    const error = required({
      elicitations: [
        { mode: 'url', url: 'https://a.example/connect', message: 'Connect your account', elicitationId: 'e1' },
        { url: 'https://b.example/pay' },
      ],
    });
    assert.deepEqual(urlElicitationsOf(error), [
      { url: 'https://a.example/connect', message: 'Connect your account', elicitationId: 'e1' },
      { url: 'https://b.example/pay', message: '' },
    ]);
  });

  it('should leave out items that name no url, and ids or messages that are not text', () => {
    const error = required({
      elicitations: [
        null,
        { message: 'no url' },
        { url: 7 },
        { url: 'https://c.example', message: 3, elicitationId: 4 },
      ],
    });
    assert.deepEqual(urlElicitationsOf(error), [{ url: 'https://c.example', message: '' }]);
  });

  it('should find no pages in other errors, or in one that lists none the user could open', () => {
    assert.equal(urlElicitationsOf(new Error('Visit first')), undefined);
    const other = new ProtocolError(ProtocolErrorCode.InvalidParams, 'bad', { elicitations: [{ url: 'https://d' }] });
    assert.equal(urlElicitationsOf(other), undefined);
    assert.equal(urlElicitationsOf(required(undefined)), undefined);
    assert.equal(urlElicitationsOf(required({ elicitations: 'https://e.example' })), undefined);
    assert.equal(urlElicitationsOf(required({ elicitations: [] })), undefined);
    assert.equal(urlElicitationsOf(required({ elicitations: [{ message: 'where?' }] })), undefined);
  });
});

describe('asking the user to visit pages', () => {
  const pages = [
    { url: 'https://a.example', message: 'First', elicitationId: 'e1' },
    { url: 'https://b.example', message: 'Second' },
  ];

  it('should ask about each page in turn as a URL question, and resolve with none once all were followed', async () => {
    const controller = new AbortController();
    const signals: (AbortSignal | undefined)[] = [];
    const { ctx, questions } = recordingContext(controller.signal, () => ({ action: 'accept', content: {} }));
    const elicit = ctx.elicit;
    ctx.elicit = (request, options) => (signals.push(options?.signal), elicit(request, options));
    assert.equal(await askToVisit(pages, ctx), undefined);
    assert.deepEqual(questions, [
      { mode: 'url', url: 'https://a.example', message: 'First', elicitationId: 'e1' },
      { mode: 'url', url: 'https://b.example', message: 'Second' },
    ]);
    assert.deepEqual(signals, [controller.signal, controller.signal]);
  });

  it('should stop at the first page the user did not follow, and say so', async () => {
    const { ctx, questions } = recordingContext(undefined, (request) =>
      request.mode === 'url' && request.url === 'https://a.example' ? { action: 'decline' } : { action: 'accept' },
    );
    assert.deepEqual(await askToVisit(pages, ctx), pages[0]);
    assert.equal(questions.length, 1);
  });

  it('should count a page as not followed when there is nobody to ask', async () => {
    assert.deepEqual(await askToVisit(pages, undefined), pages[0]);
  });

  it('should tell the user where to go, with the reason when the server gave one', () => {
    assert.equal(
      needsVisit({ url: 'https://a.example', message: 'Connect your account' }),
      'The MCP server needs you to open https://a.example first (Connect your account); open it, then run the call again.',
    );
    assert.equal(
      needsVisit({ url: 'https://b.example', message: '' }),
      'The MCP server needs you to open https://b.example first; open it, then run the call again.',
    );
  });
});
