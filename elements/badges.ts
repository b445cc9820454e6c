// Annotation badges, shared by the list and the tool detail. Annotations are hints from an untrusted server:
// they are shown as labels only, never trusted for anything.
import { css, html, nothing, type TemplateResult } from 'lit';
import type { ToolAnnotations } from './api.js';

export interface Badge {
  kind: 'read-only' | 'destructive' | 'idempotent' | 'closed-world';
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

export function renderBadges(annotations: ToolAnnotations | undefined): TemplateResult | typeof nothing {
  const badges = annotationBadges(annotations);
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
  @media (prefers-color-scheme: dark) {
    .badge.idempotent {
      color: var(--_focus);
    }
  }
`;
