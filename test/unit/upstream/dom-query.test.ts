/** The row parser's DOM questions (src/upstream/dom-query.ts) answer as the CSS selectors did. */
import { DomUtils, parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { findAll, hasClass, textWithout, withClass, type DomElement } from '../../../src/upstream/dom-query.ts';

function elementOf(html: string): DomElement {
  const first = parseDocument(html).children.find(DomUtils.isTag);
  if (!first) throw new Error(`no element in ${html}`);
  return first;
}

describe('dom-query', () => {
  it('matches a class as a whole whitespace-separated word, as `.name` does', () => {
    expect(hasClass(elementOf('<b class="badge">1</b>'), 'badge')).toBe(true);
    expect(hasClass(elementOf('<b class="x\tbadge\nkey">1</b>'), 'badge')).toBe(true);
    expect(hasClass(elementOf('<b class="badge-penalties">1</b>'), 'badge')).toBe(false);
    expect(hasClass(elementOf('<b class="my-badge badge-x">1</b>'), 'badge')).toBe(false);
    expect(hasClass(elementOf('<b class="badge-x badge">1</b>'), 'badge')).toBe(true);
    expect(hasClass(elementOf('<b>1</b>'), 'badge')).toBe(false);
    expect(hasClass(elementOf('<b class="Badge">1</b>'), 'badge')).toBe(false);
  });

  it('finds descendants in document order, never the root itself', () => {
    const root = elementOf('<div class="a"><p class="a" id="1"><i class="a" id="2"></i></p><p class="a" id="3"></div>');
    expect(findAll(root, withClass('a')).map((element) => element.attribs.id)).toEqual(['1', '2', '3']);
  });

  it('reads the text without the skipped subtrees, and keeps the root even when it would be skipped', () => {
    const cell = elementOf('<h4 class="badge-penalties"> 2 <span class="badge-penalties">(4)</span><b>!</b></h4>');
    expect(textWithout(cell, withClass('badge-penalties'))).toBe(' 2 !');
  });
});
