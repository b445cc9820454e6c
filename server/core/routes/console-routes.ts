// The handlers of the route table (route-table.ts): small functions from a request to an answer. Discovery answers
// with bytes serialised once per tools array; only calls and validation do per-request work.
import type { AssetFolder } from '../page/assets.js';
import { consoleInfoOf, type ConsolePage } from '../page/page.js';
import { runAuthHook } from '../http/auth.js';
import { runConsoleCall } from '../calls/console-call.js';
import { callerOf } from '../sandbox/caller.js';
import type { CatalogSnapshot, ToolCatalog } from '../catalog/catalog.js';
import type { ToolWatchers } from '../catalog/tool-watchers.js';
import { acceptsEventStream, type ConsoleRequest } from '../http/console-request.js';
import type { DeadlineList } from '../calls/deadlines.js';
import { HttpError } from '../http/http-error.js';
import { readJson } from '../http/json-body.js';
import { measureJson } from '../calls/json-shape.js';
import { andThen, type MaybeAsync } from '../maybe-async.js';
import type { Answer } from '../http/negotiate-reply.js';
import { outputChecker } from '../calls/output-check.js';
import type { ConsoleSettings } from '../options.js';
import { cachedJsonReply, type CachedReply } from '../http/cached-reply.js';
import { parseElicitAnswer, QuestionBoard } from '../questions/questions.js';
import { parseSampleAnswer } from '../questions/sampling.js';
import { createReply, jsonReply, type Reply } from '../http/reply.js';
import { READ_QUESTIONS_KEY, readResource } from '../sandbox/resource-read.js';
import { OfferedLists } from '../catalog/offered-lists.js';
import { getPrompt } from '../prompts/prompt-get.js';
import { complete } from '../prompts/completion.js';
import { changeSubscription } from '../resources/subscriptions.js';
import { withinTimeLimit } from '../calls/time-limit.js';
import { inputSchemaOf } from '../catalog/tool-json.js';
import { isCallableByApps } from '../catalog/tool-ui.js';
import type { RouteMatch } from './path-match.js';
import type { RouteHandlers } from './route-table.js';
import type { Tool, ValidateResult } from '../../types.js';
import type { AnswerRejected } from '../../../protocol/index.js';
import type { ArgumentValidator } from '../calls/validation.js';
import type { InspectRoutes } from '../inspect/inspect-routes.js';

/** Arguments nesting deeper than this are refused by validation: no real tool takes them, and a recursive schema
 * would walk them on the stack. */
const MAX_VALIDATED_DEPTH = 64;

function toolNotFound(name: string): HttpError {
  return new HttpError(404, `Tool not found: ${name}`);
}

function toolIn(snapshot: CatalogSnapshot, name: string): Tool {
  const tool = snapshot.find(name);
  if (tool === undefined) throw toolNotFound(name);
  return tool;
}

function lastSegment(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/**
 * `<base href>` for a page asked for without its trailing slash, so relative URLs resolve below it. Express strips
 * its mount path from `req.url` (`/explorer` arrives as `/`), so its `originalUrl` is asked as well.
 */
function pageBaseHref(request: ConsoleRequest, prefix: string, path: string): string | undefined {
  if (path === '') return `${lastSegment(prefix)}/`;
  const original = request.originalUrl;
  if (original === undefined || original === request.url) return undefined;
  const originalPath = original.split('?', 1)[0]!;
  return originalPath.endsWith('/') ? undefined : `${lastSegment(originalPath)}/`;
}

/** 400 for arguments the validator will not look at, in the shape of a validation answer. */
function invalidArguments(keyword: string, message: string): Reply {
  const invalid: ValidateResult = { valid: false, errors: [{ path: '', keyword, message }] };
  return jsonReply(400, invalid);
}

/** What the routes answer with, made once by the console (console-core.ts). */
export interface RouteParts {
  readonly page: ConsolePage;
  readonly assets: AssetFolder;
  readonly catalog: ToolCatalog;
  readonly watchers: ToolWatchers;
  readonly validator: ArgumentValidator;
  /** The deadlines of running calls and resource reads (none when calls have no time limit). */
  readonly callTimeLimit: DeadlineList | undefined;
  /** The /server routes' answers; undefined without the `inspect` option (and then those routes do not exist). */
  readonly inspect: InspectRoutes | undefined;
}

export class ConsoleRoutes implements RouteHandlers {
  readonly #settings: ConsoleSettings;
  readonly #page: ConsolePage;
  readonly #assets: AssetFolder;
  readonly #catalog: ToolCatalog;
  readonly #watchers: ToolWatchers;
  readonly #validator: ArgumentValidator;
  readonly #callTimeLimit: DeadlineList | undefined;
  /** The open questions of the streamed calls running in this process. */
  readonly #questions = new QuestionBoard();
  /** Those of the streamed prompt gets (by prompt name), apart: a prompt and a tool may share a name. */
  readonly #promptQuestions = new QuestionBoard();
  /** Those of the streamed resource reads, apart again (all under one key: a read's path names no resource). */
  readonly #readQuestions = new QuestionBoard();
  /** The resources, templates and prompts the console offers besides its tools. */
  readonly #lists: OfferedLists;
  readonly #inspect: InspectRoutes | undefined;

  constructor(settings: ConsoleSettings, parts: RouteParts) {
    this.#settings = settings;
    this.#page = parts.page;
    this.#assets = parts.assets;
    this.#catalog = parts.catalog;
    this.#watchers = parts.watchers;
    this.#validator = parts.validator;
    this.#callTimeLimit = parts.callTimeLimit;
    this.#lists = new OfferedLists(settings);
    this.#inspect = parts.inspect;
  }

  handlePage(request: ConsoleRequest, { path }: RouteMatch): Answer {
    return this.#page.reply(pageBaseHref(request, this.#settings.prefix, path));
  }

  /** What the page's attributes would say now, for a page served before the console knew (the CLI connecting). */
  handleConsoleInfo(): Reply {
    return jsonReply(200, consoleInfoOf(this.#settings), { 'Cache-Control': 'no-store' });
  }

  handleAsset(_request: ConsoleRequest, { file }: RouteMatch): Answer {
    const asset = this.#assets.reply(file);
    if (asset === undefined) throw new HttpError(404, 'Not found.');
    return asset;
  }

  /** The tool list, or for a page that asks for an event stream, the stream that says when it changes. */
  handleTools(request: ConsoleRequest): MaybeAsync<Answer> {
    if (acceptsEventStream(request)) return this.#watchers.watch(request.header('if-none-match'));
    return andThen(this.#catalog.current(), (snapshot) => cachedJsonReply(snapshot.summariesJson()));
  }

  handleToolDetail(_request: ConsoleRequest, { name }: RouteMatch): MaybeAsync<CachedReply> {
    return andThen(this.#catalog.current(), (snapshot) => {
      const json = snapshot.detailJson(name);
      if (json === undefined) throw toolNotFound(name);
      return cachedJsonReply(json);
    });
  }

  /**
   * Preconditions in the spec's order: 403, 404, a tool UI calling a tool not meant for it (403), the body's size
   * (413), then the auth hook's 401; all of them answer plain JSON, before any stream starts. The body is parsed only
   * once the hook has let the call through (invalid JSON is `{}`).
   */
  handleCall(request: ConsoleRequest, { name }: RouteMatch): MaybeAsync<Reply> {
    if (!this.#settings.allowExecute) throw new HttpError(403, 'Tool execution is disabled.');
    return andThen(this.#catalog.current(), (snapshot) => this.#callFound(toolIn(snapshot, name), name, request));
  }

  handleReadResource(request: ConsoleRequest): Promise<Reply> {
    const questions = acceptsEventStream(request) ? this.#readQuestions : undefined;
    return readResource(this.#settings, this.#callTimeLimit, request, questions);
  }

  handleResources(request: ConsoleRequest): MaybeAsync<Answer> {
    return this.#lists.resourcesAnswer(request);
  }

  handleResourceTemplates(request: ConsoleRequest): MaybeAsync<Answer> {
    return this.#lists.resourceTemplatesAnswer(request);
  }

  handleSubscribe(request: ConsoleRequest): Promise<Reply> {
    return changeSubscription(this.#settings, this.#callTimeLimit, request, 'subscribe');
  }

  handleUnsubscribe(request: ConsoleRequest): Promise<Reply> {
    return changeSubscription(this.#settings, this.#callTimeLimit, request, 'unsubscribe');
  }

  handlePrompts(request: ConsoleRequest): MaybeAsync<Answer> {
    return this.#lists.promptsAnswer(request);
  }

  handlePromptDetail(request: ConsoleRequest, { name }: RouteMatch): Promise<Answer> {
    return this.#lists.promptAnswer(name, request);
  }

  handleGetPrompt(request: ConsoleRequest, { name }: RouteMatch): Promise<Reply> {
    const questions = acceptsEventStream(request) ? this.#promptQuestions : undefined;
    return getPrompt(this.#settings, this.#callTimeLimit, this.#lists, name, request, questions);
  }

  handleCompletion(request: ConsoleRequest): Promise<Reply> {
    return complete(this.#settings, this.#callTimeLimit, request);
  }

  // The /server routes exist only with an inspector (console-core.ts leaves their rows out otherwise).
  handleServerState(request: ConsoleRequest): Promise<Reply> {
    return this.#inspect!.state(request);
  }

  handleServerLog(request: ConsoleRequest): Promise<Reply> {
    return this.#inspect!.log(request);
  }

  handleServerNotifications(request: ConsoleRequest): Promise<Reply> {
    return this.#inspect!.notifications(request);
  }

  handleServerLogLevel(request: ConsoleRequest): Promise<Reply> {
    return this.#inspect!.setLogLevel(request);
  }

  handleServerPing(request: ConsoleRequest): Promise<Reply> {
    return this.#inspect!.ping(request);
  }

  handleServerReconnect(request: ConsoleRequest): Promise<Reply> {
    return this.#inspect!.reconnect(request);
  }

  handleServerRestart(request: ConsoleRequest): Promise<Reply> {
    return this.#inspect!.restart(request);
  }

  // Not an async function: one that only waits for the body would give every call a suspended frame to allocate.
  #callFound(tool: Tool, name: string, request: ConsoleRequest): Promise<Reply> {
    const settings = this.#settings;
    // MCP Apps: a server keeps some tools from its UIs (visibility ["model"]); the page marks what a UI asks for.
    // (Who asks is only read for such a tool: a header lookup is not free under every adapter.)
    if (!isCallableByApps(tool) && callerOf(request) === 'app') {
      throw new HttpError(403, `Tool ${name} is not available to tool UIs (its visibility is model only).`);
    }
    // Only a tool that declares an outputSchema pays for the check (and for this closure).
    const { outputSchema } = tool;
    const checkOutput =
      outputSchema === undefined || outputSchema === null
        ? undefined
        : outputChecker(this.#validator, outputSchema, name, settings.logger);
    const board = acceptsEventStream(request) ? this.#questions : undefined;
    return request
      .readBody(settings.maxBodyBytes)
      .then((body) => runConsoleCall(settings, this.#callTimeLimit, name, body, request, checkOutput, board));
  }

  /**
   * The user's answer to a running call's question, guarded like the call: 403 when execution is off, the body (413,
   * 400 when not JSON), the auth hook's 401, then 404 for a question that is not open (never asked, or its call
   * ended), 409 for one answered already, 400 for an answer that is not one or whose content does not match the
   * requested schema (the question stays open), and 204 once the call has it.
   */
  handleAnswer(request: ConsoleRequest, { name, id }: RouteMatch): Promise<Reply> {
    return this.#answer(this.#questions, request, name, id);
  }

  /** The user's answer to a question asked while a prompt is got, as to a call's (handleAnswer). */
  handlePromptAnswer(request: ConsoleRequest, { name, id }: RouteMatch): Promise<Reply> {
    return this.#answer(this.#promptQuestions, request, name, id);
  }

  /** The user's answer to a question asked while a resource is read, as to a call's (handleAnswer). */
  handleResourceAnswer(request: ConsoleRequest, { id }: RouteMatch): Promise<Reply> {
    return this.#answer(this.#readQuestions, request, READ_QUESTIONS_KEY, id);
  }

  async #answer(board: QuestionBoard, request: ConsoleRequest, name: string, id: string): Promise<Reply> {
    const settings = this.#settings;
    if (!settings.allowExecute) throw new HttpError(403, 'Tool execution is disabled.');
    const body = await readJson(request, settings.maxBodyBytes);
    if (!body.ok) throw new HttpError(400, `Invalid JSON: ${body.error.message}`);
    if (settings.authHook && !(await this.#authorized(request))) return jsonReply(401, { error: 'Unauthorized' });
    const { question, settle } = board.find(name, id);
    if (question.kind === 'sampling') {
      settle(parseSampleAnswer(body.value));
      return createReply(204, {});
    }
    const answer = parseElicitAnswer(body.value, question.request.mode);
    if (answer.action === 'accept' && question.request.mode !== 'url') {
      const content = answer.content ?? {};
      const shape = measureJson(content, MAX_VALIDATED_DEPTH);
      const check: ValidateResult = shape.tooDeep
        ? { valid: false, errors: [{ path: '', keyword: 'depth', message: 'The answer nests too deep.' }] }
        : this.#validator.validate(question.request.requestedSchema, content, shape.values);
      if (!check.valid) {
        const { errors, truncated } = check;
        const rejected: AnswerRejected = {
          error: 'The answer does not match the requested schema.',
          errors,
          truncated,
        };
        return jsonReply(400, rejected);
      }
    }
    settle(answer);
    return createReply(204, {});
  }

  /** The auth hook's decision, which must come within the call time limit (as for a call). */
  async #authorized(request: ConsoleRequest): Promise<boolean> {
    const { authHook, logger, callTimeoutMs } = this.#settings;
    const decision = runAuthHook(authHook!, request, logger, this.#settings.platform.inspect);
    const late = () => new Error('the hook did not call next() within the call time limit');
    return withinTimeLimit(decision.allowed, callTimeoutMs, late).catch((error: Error) =>
      decision.giveUp(error.message),
    );
  }

  /**
   * Never runs the handler, and needs neither `allowExecute` nor the auth hook: open to anyone who reaches the server,
   * so its body limit is smaller and its work is bounded (see ArgumentValidator).
   */
  async handleValidate(request: ConsoleRequest, { name }: RouteMatch): Promise<Reply> {
    const tool = await andThen(this.#catalog.current(), (snapshot) => toolIn(snapshot, name));
    const body = await readJson(request, this.#settings.maxValidateBodyBytes);
    if (!body.ok) return invalidArguments('format', `Invalid JSON: ${body.error.message}`);
    const shape = measureJson(body.value, MAX_VALIDATED_DEPTH);
    if (shape.tooDeep) {
      return invalidArguments(
        'depth',
        `The arguments nest more than ${MAX_VALIDATED_DEPTH} levels deep; they are not validated.`,
      );
    }
    return jsonReply(200, this.#validator.validate(inputSchemaOf(tool), body.value, shape.values));
  }
}
