/**
 * The few questions the row parser asks of a candidate's small tree (parse-listing.ts), answered
 * with domutils directly: what cheerio's find('.name'), first(), text() and attr() give, without
 * compiling a CSS selector and wrapping a new selection on every call, which would be most of what
 * a listing's parse allocates.
 */
import { DomUtils, type parseDocument } from 'htmlparser2';

export type DomNode = ReturnType<typeof parseDocument>['children'][number];
export type DomElement = Extract<DomNode, { attribs: Record<string, string> }>;

const WHITESPACE = /\s/;

/**
 * Whether `element`'s class list holds `name` (as the CSS selector `.name` matches: a whole
 * whitespace-separated word). Asked of every element a find walks: it allocates nothing.
 */
export function hasClass(element: DomElement, name: string): boolean {
  const classes = element.attribs.class;
  if (classes === undefined) return false;
  for (let at = classes.indexOf(name); at !== -1; at = classes.indexOf(name, at + 1)) {
    const end = at + name.length;
    const startsWord = at === 0 || WHITESPACE.test(classes.charAt(at - 1));
    if (startsWord && (end === classes.length || WHITESPACE.test(classes.charAt(end)))) return true;
  }
  return false;
}

/** Descendants of `root` (not root itself) passing `test`, in document order: cheerio's find(). */
export function findAll(root: DomElement, test: (element: DomElement) => boolean): DomElement[] {
  return DomUtils.findAll(test, root.children);
}

export function findFirst(root: DomElement, test: (element: DomElement) => boolean): DomElement | null {
  return DomUtils.findOne(test, root.children);
}

export const withClass =
  (name: string) =>
  (element: DomElement): boolean =>
    hasClass(element, name);

export const withTag =
  (name: string) =>
  (element: DomElement): boolean =>
    element.name === name;

/** The text of `node` and all below it ('' for none): cheerio's text(). */
export function textOf(node: DomNode | null): string {
  return node ? DomUtils.textContent(node) : '';
}

/** The text of `root` leaving out the descendants that pass `skip` (and all below them). */
export function textWithout(root: DomElement, skip: (element: DomElement) => boolean): string {
  const parts: string[] = [];
  const walk = (nodes: readonly DomNode[]): void => {
    for (const node of nodes) {
      if (DomUtils.isTag(node) && skip(node)) continue;
      if (DomUtils.isText(node)) parts.push(node.data);
      else if (DomUtils.hasChildren(node) && !DomUtils.isComment(node)) walk(node.children);
    }
  };
  walk(root.children);
  return parts.join('');
}
