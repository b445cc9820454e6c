import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { markdownText, parseInline, parseMarkdown, type Block, type Inline } from '../../elements/markdown/markdown.js';

const text = (value: string): Inline => ({ type: 'text', text: value });
const para = (...children: Inline[]): Block => ({ type: 'paragraph', children });
const item = (value: string): Block[] => [para(text(value))];

describe('markdown: blocks', () => {
  it('should split paragraphs on blank lines and keep the line breaks inside one', () => {
    assert.deepEqual(parseMarkdown('One line\nand the next\r\n\r\n\n  Second paragraph  '), [
      para(text('One line\nand the next')),
      para(text('Second paragraph')),
    ]);
    assert.deepEqual(parseMarkdown(''), []);
  });

  it('should read ATX headings, and not a hashtag', () => {
    assert.deepEqual(parseMarkdown('## Usage\n#hashtag'), [
      { type: 'heading', children: [text('Usage')] },
      para(text('#hashtag')),
    ]);
  });

  it('should read a list that interrupts a paragraph, its lazy lines, and a numbered list with its start', () => {
    assert.deepEqual(parseMarkdown('When to use:\n- one\n  still one\n* two\nlazy two\n\n3. three\n4) four'), [
      para(text('When to use:')),
      { type: 'list', start: null, items: [item('one\nstill one'), item('two\nlazy two')] },
      { type: 'list', start: 3, items: [item('three'), item('four')] },
    ]);
  });

  it('should nest lists by indentation and end a list at an unindented paragraph after a blank line', () => {
    assert.deepEqual(parseMarkdown('- a\n  - a1\n    1. deep\n- b\n\n  b continued\n\nAfter'), [
      {
        type: 'list',
        start: null,
        items: [
          [
            para(text('a')),
            {
              type: 'list',
              start: null,
              items: [[para(text('a1')), { type: 'list', start: 1, items: [item('deep')] }]],
            },
          ],
          [para(text('b')), para(text('b continued'))],
        ],
      },
      para(text('After')),
    ]);
  });

  it('should start a new list when bullets turn into numbers', () => {
    const blocks = parseMarkdown('- a\n1. b');
    assert.deepEqual(
      blocks.map((block) => block.type === 'list' && block.start),
      [null, 1],
    );
  });

  it('should keep fenced code verbatim, Markdown and HTML included, up to its fence or the end', () => {
    assert.deepEqual(parseMarkdown('```js\n**not bold** <b>x</b>\n\n  indented\n```\nafter\n~~~\nopen'), [
      { type: 'code', text: '**not bold** <b>x</b>\n\n  indented' },
      para(text('after')),
      { type: 'code', text: 'open' },
    ]);
  });
});

describe('markdown: block edges', () => {
  it('should read old Mac line ends, treat lines of spaces as blank, and trim continuation lines', () => {
    assert.deepEqual(parseMarkdown('one\rtwo\n   \n  three\n    four'), [
      para(text('one\ntwo')),
      para(text('three\nfour')),
    ]);
  });

  it('should open a fence only at the start of a line, with three marks, and close it at an indented fence', () => {
    assert.deepEqual(parseMarkdown('run ```ls``` now\n`ls` lists\n~5 items'), [
      para(
        text('run '),
        { type: 'code', text: 'ls' },
        text(' now\n'),
        { type: 'code', text: 'ls' },
        text(' lists\n~5 items'),
      ),
    ]);
    assert.deepEqual(parseMarkdown('```\necho ```\n  ```\nafter'), [
      { type: 'code', text: 'echo ```' },
      para(text('after')),
    ]);
  });

  it('should read a heading only at the start of a line, indented or empty', () => {
    assert.deepEqual(parseMarkdown('C# and F# tools\n\n  ## Indented\n#'), [
      para(text('C# and F# tools')),
      { type: 'heading', children: [text('Indented')] },
      { type: 'heading', children: [] },
    ]);
  });

  it('should read lists numbered past 9, empty items, and tab-indented nesting', () => {
    assert.deepEqual(parseMarkdown('10. ten\n11.\n\n- a\n\t- b'), [
      { type: 'list', start: 10, items: [item('ten'), []] },
      { type: 'list', start: null, items: [[para(text('a')), { type: 'list', start: null, items: [item('b')] }]] },
    ]);
  });

  it("should keep code inside an item at the item's indentation, whatever the spaces after its marker", () => {
    assert.deepEqual(parseMarkdown('-   Run:\n\n    ```\n    ls\n      -l\n    ```'), [
      { type: 'list', start: null, items: [[para(text('Run:')), { type: 'code', text: 'ls\n  -l' }]] },
    ]);
  });

  it('should keep a list going past a line of spaces, and end it at a paragraph after one', () => {
    assert.deepEqual(parseMarkdown('- a\n\n \n- b\n  \nAfter'), [
      { type: 'list', start: null, items: [item('a'), item('b')] },
      para(text('After')),
    ]);
  });
});

describe('markdown: inline', () => {
  it('should read emphasis and strong, nested, and leave snake_case and lone stars alone', () => {
    assert.deepEqual(parseInline('**bold *and* more** _em_ __strong__'), [
      { type: 'strong', children: [text('bold '), { type: 'em', children: [text('and')] }, text(' more')] },
      text(' '),
      { type: 'em', children: [text('em')] },
      text(' '),
      { type: 'strong', children: [text('strong')] },
    ]);
    for (const plain of ['next_thought_needed and total_thoughts', '2 * 3 * 4', '**unclosed', 'a ** b **', '_x', '*']) {
      assert.deepEqual(parseInline(plain), [text(plain)], plain);
    }
  });

  it('should read code spans verbatim, by their backtick count', () => {
    assert.deepEqual(parseInline('Use `**x**` or `` a`b `` or ``` `` ```'), [
      text('Use '),
      { type: 'code', text: '**x**' },
      text(' or '),
      { type: 'code', text: 'a`b' },
      text(' or '),
      { type: 'code', text: '``' },
    ]);
    assert.deepEqual(parseInline('an `open tick'), [text('an `open tick')]);
    // A line break is a space; one space is stripped from each end only when both ends have one.
    assert.deepEqual(parseInline('`a\nb` `a b ` `` a b``'), [
      { type: 'code', text: 'a b' },
      text(' '),
      { type: 'code', text: 'a b ' },
      text(' '),
      { type: 'code', text: ' a b' },
    ]);
  });

  it('should read links, autolinks and bare URLs, keeping the address as written', () => {
    assert.deepEqual(parseInline('[the **docs**](https://x.org/a_(b) "T") <https://y.org/p> see https://z.org/q.'), [
      {
        type: 'link',
        href: 'https://x.org/a_(b)',
        children: [text('the '), { type: 'strong', children: [text('docs')] }],
      },
      text(' '),
      { type: 'link', href: 'https://y.org/p', children: [text('https://y.org/p')] },
      text(' see '),
      { type: 'link', href: 'https://z.org/q', children: [text('https://z.org/q')] },
      text('.'),
    ]);
    // The renderer, not the tokenizer, decides which addresses may become links.
    assert.deepEqual(parseInline('[x](javascript:alert(1))'), [
      { type: 'link', href: 'javascript:alert(1)', children: [text('x')] },
    ]);
    // No link inside a link's text.
    assert.deepEqual(parseInline('[see https://a.org](https://b.org)'), [
      { type: 'link', href: 'https://b.org', children: [text('see https://a.org')] },
    ]);
  });

  it('should keep raw HTML and escaped characters as text', () => {
    assert.deepEqual(parseInline('<b>hi</b> <img src=x onerror=alert(1)> \\*not em\\* \\<b>'), [
      text('<b>hi</b> <img src=x onerror=alert(1)> *not em* <b>'),
    ]);
  });
});

describe('markdown: hostile input', () => {
  it('should survive nesting far past any real text, showing the rest as text', () => {
    const deepList = parseMarkdown('- '.repeat(20000) + 'x');
    let depth = 0;
    for (let block = deepList[0]; block.type === 'list'; block = block.items[0][0]) depth++;
    assert.equal(depth, 8);
    assert.ok(parseInline('*_'.repeat(20000) + 'x' + '_*'.repeat(20000)).length > 0);
    assert.ok(parseInline('['.repeat(20000) + 'x' + '](https://a.org)'.repeat(20000)).length > 0);
  });

  it('should read long runs of openers that never close as the text they are', () => {
    for (const source of ['*a '.repeat(30000), '`'.repeat(30000) + 'x', '[a]('.repeat(20000), '__a'.repeat(30000)]) {
      assert.deepEqual(parseInline(source), [text(source)], source.slice(0, 9));
    }
  });
});

describe('markdownText', () => {
  it('keeps the words and drops the marks, on one line', () => {
    assert.equal(
      markdownText('# Reads files\n\nUse **read** with a `path`, see [the docs](https://example.com).\n\n- one\n- two'),
      'Reads files Use read with a path, see the docs. one two',
    );
  });

  it('keeps what is not Markdown as it is, HTML included (as text)', () => {
    assert.equal(markdownText('plain <b>text</b> 2 * 3'), 'plain <b>text</b> 2 * 3');
    assert.equal(markdownText(''), '');
  });

  it('keeps the text of code blocks and of every block in an item, spaces squeezed', () => {
    assert.equal(markdownText('```\n  ls   -l  \n```\n- a\n\n  b'), 'ls -l a b');
  });
});
