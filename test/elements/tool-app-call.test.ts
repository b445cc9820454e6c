// What an app in <tool-app> hears of its call: the arguments (partial, then whole) once it has initialized, then the
// call's end exactly once, whenever it came; and, before the view goes, the teardown.
import { expect, waitUntil } from '@open-wc/testing';
import type { CallOutcome } from '../../elements/api.js';
import { appNumber, heard, type TestApp } from './apps.helpers.js';
import { clockCall, frameOf, mountView, textOf } from './tool-app.helpers.js';

const RESULT = { content: [{ type: 'text' as const, text: 'It is noon.' }] };
const outcome = {
  name: 'clock',
  arguments: { zone: 'UTC' },
  status: 200,
  durationMs: 5,
  result: RESULT,
  request: clockCall().request,
} satisfies CallOutcome;

const toolNotes = (app: TestApp) =>
  app.received.filter((message) => message.method.startsWith('ui/notifications/tool-'));

/** The app's notifications about its call once its end has come. */
async function ended(app: TestApp) {
  await waitUntil(
    () => heard(app).some((method) => /tool-(result|cancelled)$/.test(method)),
    'the app never heard the end',
  );
  // A round trip: anything else the page posted has arrived by the answer.
  await app.request('ui/message', { role: 'user', content: [] });
  return toolNotes(app).map(({ method, params }) => ({ method, params }));
}

const input = [
  { method: 'ui/notifications/tool-input-partial', params: { arguments: { zone: 'UTC' } } },
  { method: 'ui/notifications/tool-input', params: { arguments: { zone: 'UTC' } } },
];

describe('<tool-app> call', () => {
  beforeEach(() => {
    window.testApps = [];
  });

  it('should give an app whose call ended before it started the arguments, then the result', async () => {
    const { view } = await mountView({ call: clockCall('finished', { outcome }) });
    await frameOf(view);
    expect(await ended(await appNumber(0))).to.deep.equal([
      ...input,
      { method: 'ui/notifications/tool-result', params: RESULT },
    ]);
  });

  it('should say why a call that gave no result ended', async () => {
    const ends = [
      [clockCall('cancelled'), 'The call was cancelled.'],
      [clockCall('failed', { error: new Error('HTTP 502: Bad gateway') }), 'HTTP 502: Bad gateway'],
      [clockCall('failed'), 'The call failed.'],
    ] as const;
    for (const [index, [call, reason]] of ends.entries()) {
      const { view } = await mountView({ call });
      await frameOf(view);
      expect(await ended(await appNumber(index))).to.deep.equal([
        ...input,
        { method: 'ui/notifications/tool-cancelled', params: { reason } },
      ]);
    }
  });

  it('should send the end of a running call once, when it comes', async () => {
    const { view } = await mountView();
    await frameOf(view);
    const app = await appNumber(0);
    await waitUntil(() => heard(app).includes('ui/notifications/tool-input'), 'the app never got its input');
    view.call = clockCall('running', { progress: { progress: 1 } } as never);
    await view.updateComplete;
    // An owner that lets go of the call passes nothing on.
    view.call = undefined;
    await view.updateComplete;
    view.call = clockCall('finished', { outcome });
    await view.updateComplete;
    view.call = clockCall('failed', { error: new Error('too late') });
    await view.updateComplete;
    expect(await ended(app)).to.deep.equal([...input, { method: 'ui/notifications/tool-result', params: RESULT }]);
  });

  it('should close itself when the app asks, after telling it it is going', async () => {
    const { view } = await mountView();
    await frameOf(view);
    const app = await appNumber(0);
    app.notify('ui/notifications/request-teardown', {});
    await waitUntil(() => textOf(view, '.notice') === 'The interface closed itself.', 'the view stayed open');
    expect(heard(app)).to.include('ui/resource-teardown');
    expect(view.shadowRoot!.querySelector('iframe')).to.equal(null);
  });
});
