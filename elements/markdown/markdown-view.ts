// Lit templates from Markdown tokens. Every string reaches the DOM as text through Lit bindings; a link's address
// goes into `href` only through lib/safe-url (absolute http or https), otherwise the link shows as its text.
import { html, type TemplateResult } from 'lit';
import { parseMarkdown, type Block, type Inline } from './markdown.js';
import { httpUrl } from '../display/safe-url.js';

function inline(tokens: Inline[]): (TemplateResult | string)[] {
  return tokens.map((token) => {
    switch (token.type) {
      case 'text':
        return token.text;
      case 'code':
        return html`<code>${token.text}</code>`;
      case 'em':
        return html`<em>${inline(token.children)}</em>`;
      case 'strong':
        return html`<strong>${inline(token.children)}</strong>`;
      case 'link': {
        const href = httpUrl(token.href);
        return href
          ? html`<a href=${href} target="_blank" rel="noopener noreferrer">${inline(token.children)}</a>`
          : html`${inline(token.children)}`;
      }
    }
  });
}

function blocks(tokens: Block[]): TemplateResult[] {
  return tokens.map((token) => {
    switch (token.type) {
      case 'paragraph':
        return html`<p>${inline(token.children)}</p>`;
      case 'heading':
        return html`<p><strong>${inline(token.children)}</strong></p>`;
      case 'code':
        return html`<pre><code>${token.text}</code></pre>`;
      case 'list': {
        const items = token.items.map((item) => html`<li>${blocks(item)}</li>`);
        return token.start === null ? html`<ul>${items}</ul>` : html`<ol start=${token.start}>${items}</ol>`;
      }
    }
  });
}

/** Markdown source as Lit templates, for tool descriptions and server instructions. */
export function renderMarkdown(source: string): TemplateResult[] {
  return blocks(parseMarkdown(source));
}
