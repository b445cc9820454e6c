// RFC 6570 URI templates as <template-view> expands them: the RFC's own examples (section 3.2), level by level, and
// templates that do not parse.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { UriTemplate, UriTemplateError, type VariableValue } from '../../elements/template-view/uri-template.js';

// The variables of RFC 6570 section 3.2.
const values: Record<string, VariableValue> = {
  count: ['one', 'two', 'three'],
  dom: ['example', 'com'],
  dub: 'me/too',
  hello: 'Hello World!',
  half: '50%',
  var: 'value',
  who: 'fred',
  base: 'http://example.com/home/',
  path: '/foo/bar',
  list: ['red', 'green', 'blue'],
  keys: { semi: ';', dot: '.', comma: ',' },
  v: '6',
  x: '1024',
  y: '768',
  empty: '',
  empty_keys: {},
  undef: undefined,
};

function expands(cases: [string, string][]): void {
  for (const [template, uri] of cases) assert.equal(new UriTemplate(template).expand(values), uri, template);
}

describe('uri-template', () => {
  it('should expand level 1 and 2: simple, reserved and fragment expressions', () => {
    expands([
      ['{var}', 'value'],
      ['{hello}', 'Hello%20World%21'],
      ['{half}', '50%25'],
      ['O{empty}X', 'OX'],
      ['O{undef}X', 'OX'],
      ['{x,y}', '1024,768'],
      ['{+var}', 'value'],
      ['{+hello}', 'Hello%20World!'],
      ['{+half}', '50%25'],
      ['{base}index', 'http%3A%2F%2Fexample.com%2Fhome%2Findex'],
      ['{+base}index', 'http://example.com/home/index'],
      ['{+path}/here', '/foo/bar/here'],
      ['here?ref={+path}', 'here?ref=/foo/bar'],
      ['X{#var}', 'X#value'],
      ['X{#hello}', 'X#Hello%20World!'],
    ]);
  });

  it('should expand level 3: several variables and the label, path, parameter and query operators', () => {
    expands([
      ['map?{x,y}', 'map?1024,768'],
      ['{x,hello,y}', '1024,Hello%20World%21,768'],
      ['{+x,hello,y}', '1024,Hello%20World!,768'],
      ['{+path,x}/here', '/foo/bar,1024/here'],
      ['{#x,hello,y}', '#1024,Hello%20World!,768'],
      ['X{.var}', 'X.value'],
      ['X{.x,y}', 'X.1024.768'],
      ['{/var}', '/value'],
      ['{/var,x}/here', '/value/1024/here'],
      ['{;x,y}', ';x=1024;y=768'],
      ['{;x,y,empty}', ';x=1024;y=768;empty'],
      ['{?x,y}', '?x=1024&y=768'],
      ['{?x,y,empty}', '?x=1024&y=768&empty='],
      ['?fixed=yes{&x}', '?fixed=yes&x=1024'],
      ['{&x,y,empty}', '&x=1024&y=768&empty='],
    ]);
  });

  it('should expand level 4: prefixes, lists and name/value pairs, exploded or not', () => {
    expands([
      ['{var:3}', 'val'],
      ['{var:30}', 'value'],
      ['{list}', 'red,green,blue'],
      ['{list*}', 'red,green,blue'],
      ['{keys}', 'semi,%3B,dot,.,comma,%2C'],
      ['{keys*}', 'semi=%3B,dot=.,comma=%2C'],
      ['{+path:6}/here', '/foo/b/here'],
      ['{#path:6}/here', '#/foo/b/here'],
      ['X{.list*}', 'X.red.green.blue'],
      ['{/list*,path:4}', '/red/green/blue/%2Ffoo'],
      ['{;list*}', ';list=red;list=green;list=blue'],
      ['{;keys*}', ';semi=%3B;dot=.;comma=%2C'],
      ['{?var:3}', '?var=val'],
      ['{?list*}', '?list=red&list=green&list=blue'],
      ['{?keys*}', '?semi=%3B&dot=.&comma=%2C'],
      ['{&keys*}', '&semi=%3B&dot=.&comma=%2C'],
      ['{?empty_keys}', ''],
      ['{count}', 'one,two,three'],
      ['{/count*}', '/one/two/three'],
    ]);
  });

  it('should encode non-ASCII text as UTF-8 and cut prefixes by character, not by byte', () => {
    const template = new UriTemplate('file:///{path}{?q:2}');
    assert.equal(template.expand({ path: 'café ☕', q: '😀x' + 'y' }), 'file:///caf%C3%A9%20%E2%98%95?q=%F0%9F%98%80x');
  });

  it('should keep %XX triplets only where reserved characters are allowed, and encode a lone %', () => {
    const text = { x: 'a%2Fb %zz %4', y: '100%' };
    assert.equal(new UriTemplate('{+x}').expand(text), 'a%2Fb%20%25zz%20%254');
    assert.equal(new UriTemplate('{#y}').expand(text), '#100%25');
    assert.equal(new UriTemplate('{x}').expand(text), 'a%252Fb%20%25zz%20%254');
    assert.equal(new UriTemplate('docs/%7Euser%2{x}').expand({ x: '' }), 'docs/%7Euser%252');
  });

  it('should encode reserved characters in label and path segments, and control characters as two hex digits', () => {
    assert.equal(new UriTemplate('{.x}{/x}').expand({ x: 'a/b?' }), '.a%2Fb%3F/a%2Fb%3F');
    assert.equal(new UriTemplate('{x}').expand({ x: 'tab\tend\n' }), 'tab%09end%0A');
  });

  it('should list each variable once, in the order it first appears', () => {
    assert.deepEqual(new UriTemplate('db://{table}/{id}{?fields,id}{&table}').variables, ['table', 'id', 'fields']);
    assert.deepEqual(new UriTemplate('config://app').variables, []);
    assert.deepEqual(new UriTemplate('{/a.b,c%20d}').variables, ['a.b', 'c%20d']);
    assert.deepEqual(new UriTemplate('{%41,b%7E}').variables, ['%41', 'b%7E']);
  });

  it('should refuse what does not parse, saying what is wrong', () => {
    for (const [template, message] of [
      ['users/{id', /never closed/],
      ['users/id}', /closes no/],
      ['{}', /no variable name/],
      ['{a b}', /“a b” is no variable name/],
      ['{<img src=x>}', /no variable name/],
      ['{a:0}', /no variable name/],
      ['x}{y}', /closes no/],
      ['{%4}', /no variable name/],
      ['{%2G}', /no variable name/],
      ['{a%2G}', /no variable name/],
    ] as const) {
      assert.throws(
        () => new UriTemplate(template),
        (error) =>
          error instanceof UriTemplateError && error.name === 'UriTemplateError' && message.test(String(error)),
      );
    }
  });
});
