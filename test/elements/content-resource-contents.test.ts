// How a resource's contents read (issue 27): the label above each item (URI, MIME type, size in bytes), base64 of a
// text type shown as its text, the 100 000-character edge of the first part, CSV that is empty or cut, images and
// audio named by their URI, and what is said when there is nothing to show.
import { expect } from '@open-wc/testing';
import { $, $$ } from './content.helpers.js';
import { items, labels, read } from './content-read.helpers.js';
import { PNG } from './tool-result.helpers.js';

describe('content: resource contents', () => {
  it('should label each item with its URI, MIME type and size in bytes', async () => {
    const el = await read([
      // 5 characters, 6 bytes in UTF-8: the size is the bytes.
      { uri: 'file:///a.txt', mimeType: 'text/plain', text: 'héllo' },
      { uri: 'file:///b.bin', mimeType: 'application/octet-stream', blob: btoa('12345678') },
      { uri: 42, text: 'no uri' },
      { uri: 'file:///c.pdf', mimeType: 'application/pdf' },
      { uri: 'file:///d.txt', mimeType: 7, text: 'odd type' },
    ]);
    expect(labels(el)).to.deep.equal([
      'file:///a.txt text/plain 6 B',
      'file:///b.bin application/octet-stream 8 B',
      '6 B',
      'file:///c.pdf application/pdf',
      'file:///d.txt 8 B',
    ]);
    expect(items(el)[3]).to.equal('file:///c.pdf application/pdf The server sent neither text nor base64 data.');
  });

  it('should show base64 contents of every text type as their text', async () => {
    const el = await read([
      { uri: 'file:///a.json', mimeType: 'application/json', blob: btoa('{"city":"Lagos"}') },
      { uri: 'file:///b.md', mimeType: 'text/markdown', blob: btoa('Some **bold** words') },
      { uri: 'file:///c.csv', mimeType: 'text/csv', blob: btoa('x,y\n1,2') },
      { uri: 'file:///d.html', mimeType: 'text/html', blob: btoa('<b>hi</b>') },
      { uri: 'file:///e.txt', mimeType: 'text/plain', blob: btoa('plain words') },
    ]);
    const [json, markdown, csv, source, text] = $$(el, '[part=item]');
    expect(json.querySelector('[part=json-tree]')!.textContent!.replace(/\s+/g, ' ').trim()).to.equal(
      '{1 key} city: "Lagos"',
    );
    expect(markdown.querySelector('.markdown strong')!.textContent).to.equal('bold');
    expect([...csv.querySelectorAll('th, td')].map((cell) => cell.textContent)).to.deep.equal(['x', 'y', '1', '2']);
    expect(source.querySelector('pre')!.textContent).to.equal('<b>hi</b>');
    expect(source.querySelector('b')?.textContent).to.equal(undefined);
    expect(text.querySelector('pre')!.textContent).to.equal('plain words');
    expect($(el, '[part=download]')?.textContent).to.equal(undefined);
  });

  it('should draw a text of exactly 100 000 characters whole, and size the first part of a longer one in bytes', async () => {
    const whole = await read([{ uri: 'file:///edge.txt', mimeType: 'text/plain', text: 'x'.repeat(100_000) }]);
    expect($(whole, '[part=show-all]')?.textContent).to.equal(undefined);
    expect($(whole, '[part=item] pre')!.textContent!.length).to.equal(100_000);

    // 100 001 characters of two bytes each: 195 KB, not the 98 KB its length would say.
    const long = await read([{ uri: 'file:///long.txt', mimeType: 'text/plain', text: 'é'.repeat(100_001) }]);
    expect($(long, '[part=item] .notice')!.textContent!.replace(/\s+/g, ' ').trim()).to.equal(
      'Showing the first 195 KB of 195 KB. Show all (195 KB)',
    );
  });

  it('should say a CSV is empty, and say when only its first rows are shown', async () => {
    const empty = await read([{ uri: 'file:///empty.csv', mimeType: 'text/csv', text: '' }]);
    expect(items(empty)).to.deep.equal(['file:///empty.csv text/csv 0 B The CSV is empty.']);
    expect($(empty, 'table')?.textContent).to.equal(undefined);

    const rows = Array.from({ length: 600 }, (_, i) => `row ${i},${i}`).join('\n');
    const cut = await read([{ uri: 'file:///big.csv', mimeType: 'text/csv', text: `name,n\n${rows}` }]);
    expect($$(cut, 'tbody tr')).to.have.length(499);
    expect($(cut, '[part=item] p.notice')!.textContent).to.equal('Only the first 500 rows and 50 columns are shown.');
    const small = await read([{ uri: 'file:///small.csv', mimeType: 'text/csv', text: 'a,b\n1,2' }]);
    expect($(small, '[part=item] p.notice')?.textContent).to.equal(undefined);
  });

  it('should name images and audio by their URI, and say when their data cannot be shown', async () => {
    const el = await read([
      { uri: 'file:///pixel.png', mimeType: 'image/png', blob: PNG },
      { uri: 'file:///beep.wav', mimeType: 'audio/wav', blob: 'UklGRgAAAABXQVZF' },
      { uri: 5, mimeType: 'image/png', blob: PNG },
      { uri: 'file:///bad.png', mimeType: 'image/png', blob: 'not base64!' },
      { uri: 'file:///none.png', mimeType: 'image/png' },
      { uri: 'file:///doc.pdf', mimeType: 'application/pdf', blob: btoa('%PDF') },
    ]);
    expect($$(el, 'img[part=image]').map((img) => img.getAttribute('alt'))).to.deep.equal([
      'Image file:///pixel.png',
      'Image ',
    ]);
    expect($(el, 'audio[part=audio]')!.getAttribute('aria-label')).to.equal('Audio file:///beep.wav');
    const said = items(el);
    expect(said[3]).to.equal('file:///bad.png image/png 7 B Not shown: the image has no base64 data of an image type.');
    expect(said[4]).to.equal('file:///none.png image/png The server sent neither text nor base64 data.');
    expect(said[5]).to.equal('file:///doc.pdf application/pdf 4 B Download doc.pdf (4 B)');
  });
});
