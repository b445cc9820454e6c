// The dialog's view of a sampling request (MCP `sampling/createMessage`): the conversation the server hands to "the
// model", its settings, and the reply the user writes as that model. Loaded on the first sampling question only, so
// the form's first load does not carry it. Every string from the server reaches the DOM through Lit text bindings;
// the only URLs bound to attributes are data: URLs of the media types listed below, over checked base64.
import { type ReactiveElement, type TemplateResult, css, html, nothing } from 'lit';
import type { QuestionAnswer, SamplingContent, SamplingRequest, SamplingResult, ServerInfo } from '../api.js';
import type { OpenQuestion } from '../call/tool-call.js';
import { mediaDataUrl } from '../display/safe-url.js';

/** The media the dialog plays or shows; other types are named, not loaded (no SVG: no markup from the server). */
const MEDIA_TYPES = {
  image: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'],
  audio: ['audio/wav', 'audio/mpeg', 'audio/ogg', 'audio/webm'],
};

/** The reply as the user writes it, kept by the dialog for its question: empty until typed. */
export interface SamplingDraft {
  reply?: string;
  model?: string;
  /** Accept was pressed: an empty reply is said at the field from then on. */
  attempted?: boolean;
}

/** The dialog, as the view needs it: who asks, and its render root and update cycle. */
type Dialog = ReactiveElement & { server?: ServerInfo };

/** The answer for `reply`, sent as the model named `model` (`human` when left blank). */
export function samplingResult(reply: string, model: string): SamplingResult {
  return {
    role: 'assistant',
    content: { type: 'text', text: reply },
    model: model.trim() || 'human',
    stopReason: 'endTurn',
  };
}

function media(kind: 'image' | 'audio', block: SamplingContent): TemplateResult {
  const type = typeof block.mimeType === 'string' ? block.mimeType.trim().toLowerCase() : '';
  const url = MEDIA_TYPES[kind].includes(type) ? mediaDataUrl(kind, type, block.data) : null;
  if (!url)
    return html`<p class="note">${kind === 'image' ? 'Image' : 'Audio'} of type ${type || '(none)'} not shown.</p>`;
  return kind === 'image'
    ? html`<img src=${url} alt=${`Image (${type})`} part="image" />`
    : html`<audio controls src=${url} aria-label=${`Audio (${type})`} part="audio"></audio>`;
}

function renderBlock(block: SamplingContent): TemplateResult {
  switch (block.type) {
    case 'text':
      return html`<p class="text">${String(block.text ?? '')}</p>`;
    case 'image':
    case 'audio':
      return media(block.type, block);
    case 'tool_use':
      return html`<p class="kind">Tool call: ${String(block.name ?? '')}</p>
        <pre class="json">${JSON.stringify(block.input ?? null, null, 2)}</pre>`;
    case 'tool_result': {
      const content = Array.isArray(block.content) ? (block.content as SamplingContent[]) : [];
      return html`<p class="kind">Tool result${block.isError === true ? ' (an error)' : ''}</p>
        ${content.filter((item) => item?.type === 'text').map(renderBlock)}`;
    }
    default:
      return html`<p class="note">A ${block.type} block, not shown.</p>`;
  }
}

/** The request's settings that were given, as label and value. */
function settings(request: SamplingRequest): [string, string][] {
  const { maxTokens, temperature, stopSequences, modelHints, includeContext, tools, toolChoice } = request;
  const priorities = (['cost', 'speed', 'intelligence'] as const)
    .filter((name) => request[`${name}Priority`] !== undefined)
    .map((name) => `${name} ${request[`${name}Priority`]}`);
  const rows: [string, string | number | undefined][] = [
    ['Max tokens', maxTokens],
    ['Temperature', temperature],
    // Quoted as JSON, so a newline or a space shows as what it is.
    ['Stop sequences', stopSequences?.map((stop) => JSON.stringify(stop)).join(', ')],
    ['Model hints', modelHints?.join(', ')],
    ['Priorities', priorities.join(' · ')],
    ['Include context', includeContext],
    ['Tools offered', tools?.join(', ')],
    ['Tool choice', toolChoice],
  ];
  return rows.filter(([, value]) => value !== undefined && value !== '').map(([name, value]) => [name, String(value)]);
}

/**
 * The question's view: the conversation, the settings and the reply form, ending with the dialog's `actions`.
 * Accept sends the reply through `answer`; with the reply empty it sends nothing and says why at the field.
 */
export function renderSampling(
  dialog: Dialog,
  question: OpenQuestion,
  draft: SamplingDraft,
  actions: TemplateResult,
  answer: (answer: QuestionAnswer) => void,
): TemplateResult {
  const request = question.params as SamplingRequest;
  const given = settings(request);
  const reply = draft.reply ?? '';
  const empty = Boolean(draft.attempted) && !reply.trim();
  const tools = Boolean(request.tools?.length);
  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (question.sending) return;
    draft.attempted = true;
    if (reply.trim()) return answer({ action: 'accept', result: samplingResult(reply, draft.model ?? 'human') });
    dialog.requestUpdate();
    await dialog.updateComplete;
    // Focused directly, not through the form's focusProblem: sharing it would make the form's chunk heavier.
    dialog.renderRoot.querySelector<HTMLElement>('#reply')!.focus();
  };
  // One line: the heading keeps white space as written (.message), so the template's indentation would show.
  const asker = dialog.server?.title || dialog.server?.name || 'The server';
  return html`<h2 id="message" class="message" part="message">${`${asker} asks the model for a reply`}</h2>
    <p class="intro">You answer as the model: read the conversation, then write its reply.</p>
    ${
      request.systemPrompt
        ? html`<section class="system" part="system-prompt">
          <p class="role">System prompt</p>
          <p class="text">${request.systemPrompt}</p>
        </section>`
        : nothing
    }
    <ol class="conversation" part="conversation" aria-label="Conversation">
      ${request.messages.map(
        (message) => html`<li class="turn ${message.role}">
          <p class="role">${message.role}</p>
          ${message.content.map(renderBlock)}
        </li>`,
      )}
    </ol>
    ${
      given.length
        ? html`<dl class="settings" part="settings">
          ${given.map(([name, value]) => html`<div><dt>${name}</dt><dd>${value}</dd></div>`)}
        </dl>`
        : nothing
    }
    <form novalidate @submit=${submit}>
      <div class="field">
        <label for="reply">Reply as the model</label>
        ${tools ? html`<p class="help" id="reply-help">You can answer with text only.</p>` : nothing}
        <textarea id="reply" part="reply" rows="5" required autofocus aria-invalid=${empty ? 'true' : 'false'}
          aria-describedby=${empty ? 'reply-error' : tools ? 'reply-help' : nothing} .value=${reply}
          @input=${(event: InputEvent) => {
            draft.reply = (event.target as HTMLTextAreaElement).value;
            dialog.requestUpdate();
          }}></textarea>
        ${empty ? html`<p class="error" id="reply-error" part="error">Write the reply first.</p>` : nothing}
      </div>
      <div class="field">
        <label for="model">Model</label>
        <input id="model" part="model" .value=${draft.model ?? 'human'}
          @input=${(event: InputEvent) => (draft.model = (event.target as HTMLInputElement).value)} />
      </div>
      ${actions}
    </form>`;
}

/** Adopted by the dialog when this view loads (the page's CSP allows no inline styles). */
export const samplingStyles = css`
  .intro {
    margin: -10px 0 12px;
    color: var(--_muted);
    font-size: 12.5px;
  }
  .conversation {
    list-style: none;
    margin: 0 0 12px;
    padding: 0;
    display: grid;
    gap: 8px;
  }
  .turn,
  .system {
    display: grid;
    gap: 4px;
    padding: 8px 10px;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
  }
  .system {
    margin-bottom: 8px;
  }
  .turn.assistant {
    background: var(--_surface);
  }
  .role,
  .kind {
    color: var(--_muted);
    font-size: 12px;
    font-weight: 600;
    text-transform: capitalize;
  }
  .kind {
    text-transform: none;
  }
  .text {
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  pre {
    margin: 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  img {
    max-width: 100%;
    max-height: 240px;
    justify-self: start;
  }
  .settings {
    display: flex;
    flex-wrap: wrap;
    gap: 4px 16px;
    margin: 0 0 12px;
    font-size: 12.5px;
  }
  .settings div {
    display: flex;
    gap: 4px;
  }
  dt {
    color: var(--_muted);
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  textarea {
    width: 100%;
    box-sizing: border-box;
  }
`;
