// Annotation and tool UI badges, shared by the list and the tool detail. Annotations are hints from an untrusted
// server: they are shown as labels only, never trusted for anything.
import { css, html, nothing, type TemplateResult } from 'lit';
import type { ToolAnnotations, ToolUi } from '../api.js';
import { uiResourceUri, visibleTo } from '../tool-app/tool-ui.js';

export interface Badge {
  kind: 'ui' | 'app-only' | 'read-only' | 'destructive' | 'idempotent' | 'closed-world';
  label: string;
  description: string;
}

/** The badges a tool's annotations earn: only hints stated explicitly, never the spec's implied defaults. */
export function annotationBadges(annotations: ToolAnnotations | undefined): Badge[] {
  if (typeof annotations !== 'object' || annotations === null) return [];
  const badges: Badge[] = [];
  if (annotations.readOnlyHint === true)
    badges.push({ kind: 'read-only', label: 'read-only', description: 'Does not modify its environment' });
  if (annotations.destructiveHint === true)
    badges.push({ kind: 'destructive', label: 'destructive', description: 'May perform destructive updates' });
  if (annotations.idempotentHint === true)
    badges.push({ kind: 'idempotent', label: 'idempotent', description: 'Repeating a call has no further effect' });
  if (annotations.openWorldHint === false)
    badges.push({ kind: 'closed-world', label: 'closed-world', description: 'Does not reach outside its own domain' });
  return badges;
}

/** The badges of a tool's MCP Apps marks: its own interface, and being meant for tool UIs only. */
export function uiBadges(ui: ToolUi | undefined): Badge[] {
  const badges: Badge[] = [];
  if (uiResourceUri(ui))
    badges.push({ kind: 'ui', label: 'UI', description: 'Has its own interface, shown when you run it' });
  if (!visibleTo(ui, 'model'))
    badges.push({
      kind: 'app-only',
      label: 'app only',
      description: 'Meant for its tool UI; the model would not see it',
    });
  return badges;
}

/** The tool UI marks in words, for the detail: the badges say them only in a tooltip. */
export function renderUiMarks(ui: ToolUi | undefined): TemplateResult | typeof nothing {
  const marks = uiBadges(ui).map((badge) => `${badge.description}.`);
  if (!visibleTo(ui, 'app')) marks.push('Tool UIs may not call it.');
  return marks.length ? html`<ul class="marks">${marks.map((mark) => html`<li>${mark}</li>`)}</ul>` : nothing;
}

export function renderBadges(annotations: ToolAnnotations | undefined, ui?: ToolUi): TemplateResult | typeof nothing {
  const badges = [...uiBadges(ui), ...annotationBadges(annotations)];
  if (!badges.length) return nothing;
  return html`<span class="badges"
    >${badges.map(
      (badge) => html`<span class="badge ${badge.kind}" part="badge badge-${badge.kind}" title=${badge.description}
        >${badge.label}</span
      >`,
    )}</span
  >`;
}

export const badgeStyles = css`
  .badges {
    display: inline-flex;
    gap: 4px;
    flex-wrap: nowrap;
    flex: none;
  }
  .badge {
    font-size: 11px;
    line-height: 16px;
    padding: 0 6px;
    border-radius: 999px;
    border: 1px solid var(--_border);
    color: var(--_muted);
    white-space: nowrap;
    font-weight: 500;
  }
  .badge.read-only {
    color: var(--_success);
    background: var(--_success-bg);
    border-color: transparent;
  }
  .badge.destructive {
    color: var(--_danger);
    background: var(--_danger-bg);
    border-color: transparent;
  }
  .badge.idempotent {
    color: var(--_accent);
    background: var(--_info-bg);
    border-color: transparent;
  }
  .badge.ui {
    color: var(--_accent);
    border-color: currentColor;
  }
  .badge.app-only {
    border-style: dashed;
  }
  @media (prefers-color-scheme: dark) {
    .badge.idempotent {
      color: var(--_focus);
    }
  }
`;
