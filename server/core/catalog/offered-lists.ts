// The lists a console offers besides its tools, made once from the options: the resources and resource templates (a
// console that offers either offers both, an empty one standing in for the missing one) and the prompts. Each answers
// its discovery routes; a list the console does not offer answers 404 with a message that says so.
import { HttpError } from '../http/http-error.js';
import { cachedJsonReply } from '../http/cached-reply.js';
import type { ConsoleRequest } from '../http/console-request.js';
import type { MaybeAsync } from '../maybe-async.js';
import type { Answer } from '../http/negotiate-reply.js';
import type { ConsoleSettings } from '../options.js';
import { utf8Bytes } from '../platform/bytes.js';
import { PagedList } from './paged-list.js';
import { promptSummary, resourceSummary, resourceTemplateSummary } from './listed-entries.js';
import type { PromptSummary, ResourceSummary, ResourceTemplateSummary } from '../../../protocol/index.js';

export const NO_RESOURCES = 'This console offers no resources.';
export const NO_PROMPTS = 'This console offers no prompts.';

export function promptNotFound(name: string): HttpError {
  return new HttpError(404, `Prompt not found: ${name}`);
}

type ListSettings = Pick<ConsoleSettings, 'resources' | 'resourceTemplates' | 'prompts' | 'logger' | 'toolsTimeoutMs'>;

export class OfferedLists {
  readonly resources: PagedList<ResourceSummary> | undefined;
  readonly resourceTemplates: PagedList<ResourceTemplateSummary> | undefined;
  readonly prompts: PagedList<PromptSummary> | undefined;

  constructor({ resources, resourceTemplates, prompts, logger, toolsTimeoutMs }: ListSettings) {
    const offersResources = resources !== undefined || resourceTemplates !== undefined;
    if (offersResources) {
      const byUri = { name: (item: ResourceSummary) => item.uri, summary: resourceSummary, key: 'resources' };
      this.resources = new PagedList(resources ?? [], byUri, logger, toolsTimeoutMs);
      const byTemplate = {
        name: (item: ResourceTemplateSummary) => item.uriTemplate,
        summary: resourceTemplateSummary,
        key: 'resourceTemplates',
      };
      this.resourceTemplates = new PagedList(resourceTemplates ?? [], byTemplate, logger, toolsTimeoutMs);
    }
    if (prompts !== undefined) {
      const byName = { name: (item: PromptSummary) => item.name, summary: promptSummary, key: 'prompts' };
      this.prompts = new PagedList(prompts, byName, logger, toolsTimeoutMs);
    }
  }

  /** `GET /resources[?cursor=]`. */
  resourcesAnswer(request: ConsoleRequest): MaybeAsync<Answer> {
    if (this.resources === undefined) throw new HttpError(404, NO_RESOURCES);
    return this.resources.answer(request);
  }

  /** `GET /resource-templates[?cursor=]`. */
  resourceTemplatesAnswer(request: ConsoleRequest): MaybeAsync<Answer> {
    if (this.resourceTemplates === undefined) throw new HttpError(404, NO_RESOURCES);
    return this.resourceTemplates.answer(request);
  }

  /** `GET /prompts[?cursor=]`. */
  promptsAnswer(request: ConsoleRequest): MaybeAsync<Answer> {
    if (this.prompts === undefined) throw new HttpError(404, NO_PROMPTS);
    return this.prompts.answer(request);
  }

  /** The prompt `name`, or the answer that says why there is none (404, or its provider's failure). */
  prompt(name: string, request: ConsoleRequest): Promise<PromptSummary | Answer> {
    if (this.prompts === undefined) return Promise.reject(new HttpError(404, NO_PROMPTS));
    return this.prompts.find(name, request).then((found) => {
      if (found === undefined) throw promptNotFound(name);
      return found;
    });
  }

  /** `GET /prompts/{name}`: the prompt's summary with its arguments, a discovery answer like a tool's detail. */
  promptAnswer(name: string, request: ConsoleRequest): Promise<Answer> {
    return this.prompt(name, request).then((found) =>
      isAnswer(found) ? found : cachedJsonReply(utf8Bytes(JSON.stringify(found))),
    );
  }
}

/** Whether `value` is an answer (a provider's failure) rather than a prompt. */
export function isAnswer(value: PromptSummary | Answer): value is Answer {
  // Stryker disable next-line LogicalOperator: an answer has no `name` and a prompt's is a string, so || reads both alike
  return !('name' in value && typeof value.name === 'string');
}
