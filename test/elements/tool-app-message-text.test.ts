// What the person reads of an app's `ui/message` and `ui/update-model-context`: the words of text blocks, the other
// blocks named (with their URI), structured content as JSON after them, one per line.
import { expect } from '@open-wc/testing';
import { messageText } from '../../elements/tool-app/message-text.js';
import { uiResourceUri, visibleTo } from '../../elements/tool-app/tool-ui.js';

describe('messageText', () => {
  it('should give the words of text blocks, one per line, and drop what is not a block or has no words', () => {
    const content = [
      { type: 'text', text: 'first' },
      null,
      'loose',
      { type: 'text', text: 7 },
      { type: 'text', text: 'second' },
    ];
    expect(messageText(content)).to.equal('first\nsecond');
  });

  it('should name the other blocks, with the URI of a resource or a link', () => {
    const content = [
      { type: 'image', data: 'AAAA', mimeType: 'image/png' },
      { type: 'resource', resource: { uri: 'file:///notes.txt', text: 'hidden' } },
      { type: 'resource_link', uri: 'file:///linked.txt', name: 'linked' },
      { type: 'resource', resource: 'not an object', uri: 'file:///outer.txt' },
      { type: 'audio', uri: 42 },
    ];
    expect(messageText(content)).to.equal(
      '[image]\n[resource file:///notes.txt]\n[resource_link file:///linked.txt]\n[resource file:///outer.txt]\n[audio]',
    );
  });

  it('should put structured content as indented JSON after the blocks, and nothing when there is none', () => {
    expect(messageText([{ type: 'text', text: 'Weather' }], { city: 'Lagos' })).to.equal(
      'Weather\n{\n  "city": "Lagos"\n}',
    );
    expect(messageText('not a list', null)).to.equal('null');
    expect(messageText(undefined)).to.equal('');
    expect(messageText([{ type: 'text', text: 'only' }], undefined)).to.equal('only');
  });
});

describe('tool-ui marks', () => {
  it('should take only a ui:// resource as the interface', () => {
    expect(uiResourceUri({ resourceUri: 'ui://clock/app.html' })).to.equal('ui://clock/app.html');
    expect(uiResourceUri({ resourceUri: 'https://example.com/app.html' })).to.equal(undefined);
    expect(uiResourceUri({ resourceUri: 5 } as never)).to.equal(undefined);
    expect(uiResourceUri(undefined)).to.equal(undefined);
  });

  it('should make a tool visible to both when it names no visibility list, else only to those it names', () => {
    expect(visibleTo(undefined, 'app')).to.equal(true);
    expect(visibleTo({ visibility: 'model' } as never, 'app')).to.equal(true);
    expect(visibleTo({ visibility: ['model'] }, 'app')).to.equal(false);
    expect(visibleTo({ visibility: ['model'] }, 'model')).to.equal(true);
    expect(visibleTo({ visibility: ['app'] }, 'app')).to.equal(true);
  });
});
