// Shared helpers of the content-<aspect> tests: a <resource-view> whose read answers the contents a test gives (or a
// failure), so the content renderers are seen the way a person reading a resource sees them.
import { fixture, html, waitUntil } from '@open-wc/testing';
import '../../elements/resource-view/resource-view.js';
import type { ResourceView } from '../../elements/resource-view/resource-view.js';
import { $, $$, backend } from './content.helpers.js';
import { json, stubFetch } from './fetch-stub.js';

/** A <resource-view> of `file:///r` whose read answers `answer` (contents items, or a Response such as a failure). */
export async function read(answer: Record<string, unknown>[] | Response | (() => Response)): Promise<ResourceView> {
  stubFetch(() =>
    typeof answer === 'function' ? answer() : answer instanceof Response ? answer : json({ contents: answer }),
  );
  const { api, catalog } = backend();
  const el = await fixture<ResourceView>(
    html`<resource-view .api=${api} .catalog=${catalog} .resource=${{ uri: 'file:///r', name: 'r' }}></resource-view>`,
  );
  await waitUntil(() => $(el, '[part=contents], [part=error]'), 'the read never ended');
  return el;
}

/** The text a person sees in each item of the contents, spaces collapsed. */
export function items(el: ResourceView): string[] {
  return $$(el, '[part=item]').map((item) => item.textContent!.replace(/\s+/g, ' ').trim());
}

/** The label above each item (URI, MIME type, size), spaces collapsed. */
export function labels(el: ResourceView): string[] {
  return $$(el, '[part=item] .item-label').map((label) => label.textContent!.replace(/\s+/g, ' ').trim());
}
