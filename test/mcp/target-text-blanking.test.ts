// How the server panel names a target (blankTarget): a URL's password and its credential-like query values blanked, and
// on a command line the values of credential-like flags, whether given as `--flag=value` or as the next argument;
// everything else shown as it is.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { blankTarget } from '../../server/mcp/target-text.js';

const command = (...args: string[]) => blankTarget({ stdio: { command: 'node', args } });

describe('blankTarget', () => {
  it('should blank the value of every credential-like --flag=value, and leave other flags alone', () => {
    assert.equal(
      command('--token=t1', '--secret=s1', '--password=p1', '--passwd=p2', '--x=y'),
      'node --token=[redacted] --secret=[redacted] --password=[redacted] --passwd=[redacted] --x=y',
    );
    assert.equal(
      command('--api-key=a', '--api_key=b', '--apikey=c', '--private-key=d', '--privatekey=e', '--credentials=f'),
      'node --api-key=[redacted] --api_key=[redacted] --apikey=[redacted] --private-key=[redacted] --privatekey=[redacted] --credentials=[redacted]',
    );
    assert.equal(command('-AUTH=x', '--Api-Key=y'), 'node -AUTH=[redacted] --Api-Key=[redacted]');
  });

  it('should blank a credential-like --flag=value whose value runs over more than one line', () => {
    assert.equal(command('--token=first\nsecond'), 'node --token=[redacted]');
  });

  it('should blank the argument after a credential-like flag, and only that one', () => {
    assert.equal(command('--api-key', 'sk-1', 'file.txt'), 'node --api-key [redacted] file.txt');
    assert.equal(command('-token', 'abc', '--port', '80'), 'node -token [redacted] --port 80');
  });

  it('should not blank what follows a word that is no flag, nor a flag that had its value after "="', () => {
    assert.equal(command('token', 'visible'), 'node token visible');
    assert.equal(command('x--token', 'visible'), 'node x--token visible');
    assert.equal(command('--token=abc', 'visible'), 'node --token=[redacted] visible');
    assert.equal(command('x--token=abc'), 'node x--token=abc');
  });

  it('should show a command line without secrets, or without arguments, as it is', () => {
    assert.equal(command('server.js', '--verbose', 'on'), 'node server.js --verbose on');
    assert.equal(blankTarget({ stdio: { command: 'my-server' } }), 'my-server');
  });

  it("should blank a URL's password and its credential-like query values, and keep the rest", () => {
    assert.equal(
      blankTarget({ url: 'https://me:hunter2@example.com/mcp?api_key=k&access_token=t&page=2' }),
      'https://me:%5Bredacted%5D@example.com/mcp?api_key=%5Bredacted%5D&access_token=%5Bredacted%5D&page=2',
    );
    assert.equal(blankTarget({ url: new URL('https://example.com/mcp?q=1') }), 'https://example.com/mcp?q=1');
    assert.equal(blankTarget({ url: 'https://me@example.com/' }), 'https://me@example.com/');
  });

  it('should show a URL it cannot parse as it was given', () => {
    assert.equal(blankTarget({ url: 'not a url?token=x' }), 'not a url?token=x');
  });
});
